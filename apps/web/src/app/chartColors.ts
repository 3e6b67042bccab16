import { theme } from 'antd';
import { useTheme } from '@/app/ThemeProvider';

/**
 * Colours for what the screens draw themselves (charts, the heat grid), from the current antd theme: axis and
 * legend texts in the secondary text colour (4.5:1 on the card, light or dark), grid lines in the split colour, an
 * empty cell in the faintest fill. `theme` changes when the page turns dark or light: a chart keyed by it is drawn
 * anew in the new colours (chart.js reads its defaults when a chart is created).
 */
export const useChartColors = () => {
  const { token } = theme.useToken();
  const { theme: current } = useTheme();
  return {
    theme: current,
    text: token.colorTextSecondary,
    grid: token.colorSplit,
    axis: token.colorBorder,
    empty: token.colorFillTertiary,
  };
};
