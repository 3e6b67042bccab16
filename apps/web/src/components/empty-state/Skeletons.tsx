import { Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Loading states shaped like the screen that comes (issue 33 item 8): never a blank page, and the layout does not jump
 * when the data arrives. Each is one `aria-busy` region with a label, so a screen reader says something is loading.
 */
const useLoadingLabel = () => useTranslation('kit').t('emptyState.loading');

const bar = (width: number | string, height = 14) => (
  <Skeleton.Input active size="small" style={{ width, minWidth: 0, height }} />
);

/** A list screen: the toolbar's fields and button, then a table of `rows` rows of `columns` cells. */
export const TableSkeleton = ({
  rows = 8,
  columns = 6,
  toolbar = true,
}: {
  rows?: number;
  columns?: number;
  toolbar?: boolean;
}) => {
  const label = useLoadingLabel();
  // A table's lines and header in the theme's colours, as antd's Table draws them, light or dark.
  const { token } = theme.useToken();
  const line = `1px solid ${token.colorSplit}`;
  return (
    <div role="status" aria-busy aria-label={label} data-testid="table-skeleton">
      {toolbar ? (
        <Flex justify="space-between" gap={12} style={{ marginBottom: 16 }}>
          <Flex gap={12}>
            <Skeleton.Input active style={{ width: 280 }} />
            <Skeleton.Input active style={{ width: 160 }} />
          </Flex>
          <Skeleton.Button active style={{ width: 120 }} />
        </Flex>
      ) : null}
      <div style={{ border: line, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
        {Array.from({ length: rows + 1 }, (_, row) => (
          <Flex
            key={row}
            data-testid="skeleton-row"
            gap={24}
            align="center"
            style={{
              padding: '12px 16px',
              borderTop: row === 0 ? undefined : line,
              background: row === 0 ? token.colorFillAlter : undefined,
            }}
          >
            {Array.from({ length: columns }, (_, column) => (
              <div key={column} style={{ flex: column === 1 ? 2 : 1, minWidth: 0 }}>
                {bar('100%', row === 0 ? 12 : 14)}
              </div>
            ))}
          </Flex>
        ))}
      </div>
    </div>
  );
};

/** A record's details: a title, then label and value pairs in two columns, as antd's Descriptions draws them. */
export const DetailsSkeleton = ({ items = 8 }: { items?: number }) => {
  const label = useLoadingLabel();
  return (
    <Card role="status" aria-busy aria-label={label} data-testid="details-skeleton">
      <Skeleton.Input active style={{ width: 260, marginBottom: 24 }} />
      <Row gutter={[24, 20]}>
        {Array.from({ length: items }, (_, index) => (
          <Col key={index} xs={24} md={12}>
            <Flex gap={16} align="center">
              <div style={{ width: '35%' }}>{bar('100%', 12)}</div>
              <div style={{ flex: 1 }}>{bar('100%')}</div>
            </Flex>
          </Col>
        ))}
      </Row>
    </Card>
  );
};

/** One chart's card: its title and a plot area of `height` px with bars rising from an axis. */
export const ChartSkeleton = ({ height = 200 }: { height?: number }) => {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={bar(140, 14)}>
      <Flex align="flex-end" gap={6} style={{ height, borderBottom: `1px solid ${token.colorSplit}` }}>
        {[40, 65, 30, 80, 55, 90, 45, 70, 35, 60, 75, 50].map((share, index) => (
          <div key={index} style={{ flex: 1, height: `${String(share)}%` }}>
            <Skeleton.Node active style={{ width: '100%', height: '100%' }}>
              {null}
            </Skeleton.Node>
          </div>
        ))}
      </Flex>
    </Card>
  );
};

/** The dashboard's figures: `count` small cards of a title, a figure and its change. */
export const KpiSkeleton = ({ count = 12 }: { count?: number }) => (
  <Row gutter={[12, 12]}>
    {Array.from({ length: count }, (_, index) => (
      <Col key={index} xs={12} lg={6}>
        <Card size="small">
          <Flex vertical gap={10}>
            {bar('60%', 12)}
            {bar('80%', 24)}
            {bar('45%', 12)}
          </Flex>
        </Card>
      </Col>
    ))}
  </Row>
);

const chartRows = (
  <Row gutter={[12, 12]}>
    <Col span={24}>
      <ChartSkeleton height={280} />
    </Col>
    <Col xs={24} lg={12}>
      <ChartSkeleton />
    </Col>
    <Col xs={24} lg={12}>
      <ChartSkeleton />
    </Col>
  </Row>
);

/** The dashboard's charts: the period chart, then the weekday and hour charts side by side. */
export const ChartsSkeleton = () => {
  const label = useLoadingLabel();
  return (
    <div role="status" aria-busy aria-label={label} data-testid="charts-skeleton">
      {chartRows}
    </div>
  );
};

/** The whole dashboard while its first answers run: figures, then charts. */
export const DashboardSkeleton = () => {
  const label = useLoadingLabel();
  return (
    <div role="status" aria-busy aria-label={label} data-testid="dashboard-skeleton">
      <Flex vertical gap={12}>
        <KpiSkeleton />
        {chartRows}
      </Flex>
    </div>
  );
};
