/**
 * react-chartjs-2 for component tests: jsdom draws no canvas, so a chart stands in as its bars (buttons that click as
 * chart.js reports a bar), each titled by its tooltip (`title | label | footer`, the label of the first dataset), and
 * its axes' titles. Use: `vi.mock('react-chartjs-2', () => import('@/test/fakeChart'))`.
 */
type TTooltipItem = {
  dataIndex: number;
  datasetIndex: number;
  dataset: { label?: string };
  parsed: { y: number };
};

type TFakeChartProps = {
  data: { labels: string[]; datasets: { label?: string; data: (number | null)[] }[] };
  options: {
    onClick?: (event: unknown, elements: { index: number }[]) => void;
    plugins?: {
      tooltip?: {
        callbacks?: {
          title?: (items: { dataIndex: number }[]) => string;
          label?: (item: TTooltipItem) => string;
          footer?: () => string;
        };
      };
    };
    scales?: Record<string, { title?: { text?: string } }>;
  };
  'aria-label'?: string;
};

const FakeChart = ({ data, options, 'aria-label': label }: TFakeChartProps) => {
  const callbacks = options.plugins?.tooltip?.callbacks;
  const dataset = data.datasets[0];
  const tooltip = (index: number) =>
    [
      callbacks?.title?.([{ dataIndex: index }]) ?? '',
      callbacks?.label?.({
        dataIndex: index,
        datasetIndex: 0,
        dataset: { label: dataset?.label },
        parsed: { y: dataset?.data[index] ?? 0 },
      }) ?? '',
      callbacks?.footer?.() ?? '',
    ].join(' | ');
  return (
    <div role="group" aria-label={label}>
      {data.labels.map((text, index) => (
        <button key={index} type="button" title={tooltip(index)} onClick={() => options.onClick?.({}, [{ index }])}>
          {text}
        </button>
      ))}
      <span data-testid="axes">
        {Object.values(options.scales ?? {})
          .map((scale) => scale.title?.text ?? '')
          .join(' | ')}
      </span>
    </div>
  );
};

export { FakeChart as Bar, FakeChart as Chart };
