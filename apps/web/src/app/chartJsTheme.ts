import { Chart as ChartJS } from 'chart.js';
import { useChartColors } from '@/app/chartColors';

/**
 * chart.js in the current theme: its ticks, axis titles and legend in the secondary text colour, its grid lines in the
 * split colour (chart.js's own #666 on grey lines is 2:1 on a dark card). chart.js reads these defaults when a chart is
 * created: key the charts by the answer's `theme` and they are drawn anew when the page turns dark or light. Without
 * animation under prefers-reduced-motion.
 */
/** chart.js's own animation, kept to give back when the system stops asking for reduced motion. */
const ANIMATION = ChartJS.defaults.animation;

export const useChartJsTheme = () => {
  const colors = useChartColors();
  ChartJS.defaults.color = colors.text;
  ChartJS.defaults.borderColor = colors.grid;
  // As the rest of the app (ThemeProvider): a chart is drawn where it will stay when the system asks for less motion.
  ChartJS.defaults.animation = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : ANIMATION;
  return colors;
};

type TChartHover = { native: { target: EventTarget | null } | null };

/** chart.js's pointer over a bar: a hand where a click leads somewhere. */
export const pointerOverBars = (event: TChartHover, elements: readonly unknown[]) => {
  const target = event.native?.target;
  if (target instanceof HTMLElement) {
    target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
  }
};
