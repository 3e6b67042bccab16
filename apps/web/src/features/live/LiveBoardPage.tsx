import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import type { TLiveCharge, TLiveIncident } from '@zaryad/contracts';
// The constants alone, not the barrel: the barrel's schemas would bring zod into the board's screen.
import { LIVE_STATION_STATES, type TLiveStationState } from '@zaryad/contracts/live-constants';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Skeleton,
  Switch,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTheme } from '@/app/ThemeProvider';
import { themeStore } from '@/app/themePreference';
import { useCan } from '@/components/permissions/permissions';
import { StationStatesMap, type TStatePoint } from '@/features/map';
import { MerchantSelect } from '@/features/pickers';
import { useLiveBoard } from '@/features/live/api';
import { STATE_COLORS, viewOf, type TLiveBoard, type TLiveView } from '@/features/live/liveBoard';
import { formatDateTime } from '@/lib/dateTime';
import { useNumberFormat } from '@/lib/useNumberFormat';

export { liveTextsReady as textsReady } from '@/features/live/liveTexts';

/** The map draws the states in this order, the last on top: a fault is never hidden under an available station. */
const DRAW_ORDER: Record<TLiveStationState, string> = {
  offline: STATE_COLORS.offline,
  available: STATE_COLORS.available,
  charging: STATE_COLORS.charging,
  faulted: STATE_COLORS.faulted,
};

const stationPath = (merchantId: number, stationId: number) => `/merchant/${merchantId}/station-info/${stationId}`;

/** The counters as tiles, each with its state's colour. */
const Counters = ({ view }: { view: TLiveView }) => {
  const { t } = useTranslation('live');
  const figures = useNumberFormat();
  return (
    <Row gutter={[12, 12]}>
      {LIVE_STATION_STATES.map((state) => (
        <Col key={state} xs={12} lg={6}>
          <Card
            size="small"
            data-testid={`live-counter-${state}`}
            style={{ borderTop: `4px solid ${STATE_COLORS[state]}` }}
          >
            <Typography.Text type="secondary">{t(`counters.${state}`)}</Typography.Text>
            <div style={{ fontSize: 36, fontWeight: 600, lineHeight: 1.2 }} data-testid="live-counter-value">
              {figures.count(view.counts[state])}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
};

const ChargesTable = ({ board, view }: { board: TLiveBoard; view: TLiveView }) => {
  const { t } = useTranslation('live');
  const figures = useNumberFormat();
  const canSeeStations = useCan('stations.view');
  const canSeeUsers = useCan('users.view');
  const merchantOf = (stationId: number) => {
    const position = board.positions.get(stationId);
    return position === undefined ? undefined : board.stations[position]?.[2];
  };
  const columns: TableColumnsType<TLiveCharge> = [
    {
      key: 'station',
      title: t('charges.station'),
      render: (_, charge) => {
        const merchantId = merchantOf(charge.station.id);
        return canSeeStations && merchantId !== undefined ? (
          <Link to={stationPath(merchantId, charge.station.id)}>{charge.station.name}</Link>
        ) : (
          charge.station.name
        );
      },
    },
    { key: 'connector', title: t('charges.connector'), render: (_, charge) => charge.connector.name },
    {
      key: 'driver',
      title: t('charges.driver'),
      render: (_, charge) =>
        charge.user === null ? (
          '—'
        ) : canSeeUsers ? (
          <Link to={`/user/${charge.user.id}`}>{charge.user.name || charge.user.personal_account}</Link>
        ) : (
          charge.user.name || charge.user.personal_account
        ),
    },
    { key: 'started', title: t('charges.startedAt'), render: (_, charge) => formatDateTime(charge.started_at) },
    {
      key: 'energy',
      title: t('charges.energy'),
      align: 'right',
      render: (_, charge) => <span data-testid="live-charge-energy">{figures.energy(charge.consumption_kwh, 3)}</span>,
    },
    {
      key: 'power',
      title: t('charges.power'),
      align: 'right',
      render: (_, charge) => (charge.power_w === null ? '—' : figures.power(charge.power_w / 1000)),
    },
    {
      key: 'cost',
      title: t('charges.cost'),
      align: 'right',
      render: (_, charge) => (
        <span data-testid="live-charge-cost">
          {figures.unit(figures.money(charge.cost.total_cost), figures.units.som)}
        </span>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('charges.title')}
      extra={
        <Typography.Text type="secondary">
          {t('charges.shown', { shown: figures.count(view.charges.length), total: figures.count(view.chargesTotal) })}
        </Typography.Text>
      }
    >
      <Table<TLiveCharge>
        data-testid="live-charges"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={view.charges}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charges.empty')} /> }}
      />
    </Card>
  );
};

const SEVERITY_COLORS: Record<string, string> = { critical: 'error', warning: 'warning', info: 'processing' };

const IncidentsList = ({ view }: { view: TLiveView }) => {
  const { t } = useTranslation('live');
  const { token } = theme.useToken();
  const figures = useNumberFormat();
  const ruleName = (incident: TLiveIncident) =>
    t(`incidents.rules.${incident.rule}` as 'incidents.rules.station_offline', { defaultValue: incident.rule });
  return (
    <Card
      size="small"
      title={t('incidents.title')}
      extra={<Typography.Text type="secondary">{figures.count(view.incidentsTotal)}</Typography.Text>}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {view.incidents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('incidents.empty')} />
      ) : (
        <ul data-testid="live-incidents" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {view.incidents.map((incident) => (
            <li key={incident.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
              <Flex vertical gap={2}>
                <Flex gap={8} align="center" wrap>
                  <Tag color={SEVERITY_COLORS[incident.severity] ?? 'default'}>
                    {t(`incidents.severities.${incident.severity}` as 'incidents.severities.critical', {
                      defaultValue: incident.severity,
                    })}
                  </Tag>
                  <Link to={`/incidents/${incident.id}`}>{ruleName(incident)}</Link>
                  {incident.count > 1 && (
                    <Typography.Text type="secondary">
                      {t('incidents.count', { count: incident.count })}
                    </Typography.Text>
                  )}
                </Flex>
                <Typography.Text type="secondary">
                  {incident.station?.name ?? t('incidents.wholeNetwork')}
                  {incident.connector_id !== null ? ` · #${incident.connector_id}` : ''} ·{' '}
                  {t('incidents.since', { time: formatDateTime(incident.first_seen_at) })}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};

/** Full screen for the board's element (a wall screen), following the browser's own exits (Esc). */
const useFullScreen = () => {
  const target = useRef<HTMLDivElement>(null);
  const [isFull, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === target.current && target.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else {
      void target.current?.requestFullscreen();
    }
  }, []);
  return { target, isFull, toggle, isSupported: typeof document.documentElement.requestFullscreen === 'function' };
};

/** `/live`: counters, map, running charges and open incidents, kept current by the server's events. */
export const LiveBoardPage = () => {
  const { t } = useTranslation('live');
  const { token } = theme.useToken();
  const { theme: shown } = useTheme();
  const { board, connection, isFailed } = useLiveBoard();
  const fullScreen = useFullScreen();
  const canSeeStations = useCan('stations.view');
  const canSeeMerchants = useCan('merchants.view');
  const [params, setParams] = useSearchParams();
  const merchantParam = Number(params.get('merchant'));
  const merchant = Number.isInteger(merchantParam) && merchantParam > 0 ? merchantParam : undefined;
  const view = useMemo(() => (board ? viewOf(board, merchant) : null), [board, merchant]);
  const chooseMerchant = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) {
      next.delete('merchant');
    } else {
      next.set('merchant', String(id));
    }
    setParams(next, { replace: true });
  };
  const popup = useCallback(
    (station: TStatePoint) => (
      <div data-testid="live-station-popup">
        <Typography.Text strong>{station[1]}</Typography.Text>
        <div>
          {t('map.merchant')}: {board?.merchants.get(station[2]) ?? '—'}
        </div>
        <div>
          {t('map.state')}: {t(`states.${station[5] as TLiveStationState}`)}
        </div>
        {canSeeStations && <Link to={stationPath(station[2], station[0])}>{t('map.stationInfo')}</Link>}
      </div>
    ),
    [board?.merchants, canSeeStations, t],
  );
  const status = useMemo(() => ({ connecting: 'default', live: 'success', reconnecting: 'warning' }) as const, []);

  return (
    <div
      ref={fullScreen.target}
      data-testid="live-board"
      style={
        fullScreen.isFull
          ? { background: token.colorBgLayout, padding: 16, overflowY: 'auto', height: '100vh' }
          : undefined
      }
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex gap={12} align="center" wrap>
            {fullScreen.isFull && (
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('title')}
              </Typography.Title>
            )}
            <span data-testid="live-connection" data-connection={connection}>
              <Badge status={status[connection]} text={t(`connection.${connection}`)} />
            </span>
            {board && (
              <Typography.Text type="secondary">{t('updatedAt', { time: formatDateTime(board.at) })}</Typography.Text>
            )}
          </Flex>
          <Flex gap={12} align="center" wrap>
            {canSeeMerchants && (
              <MerchantSelect
                label={t('wholeNetwork')}
                value={merchant ?? null}
                knownName={merchant === undefined ? null : (board?.merchants.get(merchant) ?? null)}
                onChange={chooseMerchant}
                width={240}
              />
            )}
            <Flex gap={8} align="center">
              <Switch
                id="live-dark-theme"
                checked={shown === 'dark'}
                onChange={(checked) => themeStore.set(checked ? 'dark' : 'light')}
              />
              <label htmlFor="live-dark-theme">{t('darkTheme')}</label>
            </Flex>
            {fullScreen.isSupported && (
              <Button icon={fullScreen.isFull ? <CompressOutlined /> : <ExpandOutlined />} onClick={fullScreen.toggle}>
                {fullScreen.isFull ? t('fullScreen.exit') : t('fullScreen.enter')}
              </Button>
            )}
          </Flex>
        </Flex>
        {isFailed && !board && <Alert type="error" showIcon title={t('loadFailed')} />}
        {!board || !view ? (
          !isFailed && <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Counters view={view} />
            <Row gutter={[12, 12]}>
              <Col xs={24} xl={16}>
                <Card size="small" styles={{ body: { padding: 0 } }}>
                  <StationStatesMap
                    stations={view.stations}
                    version={view.version}
                    colors={DRAW_ORDER}
                    popup={popup}
                    label={t('map.label')}
                    height={fullScreen.isFull ? '55vh' : '60vh'}
                    dark={shown === 'dark'}
                  />
                  <Flex gap={16} wrap style={{ padding: '8px 12px' }} data-testid="live-legend">
                    {LIVE_STATION_STATES.map((state) => (
                      <Badge key={state} color={STATE_COLORS[state]} text={t(`states.${state}`)} />
                    ))}
                  </Flex>
                </Card>
              </Col>
              <Col xs={24} xl={8}>
                <IncidentsList view={view} />
              </Col>
            </Row>
            <ChargesTable board={board} view={view} />
          </>
        )}
      </Flex>
    </div>
  );
};
