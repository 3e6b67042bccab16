import { PoweroffOutlined, RollbackOutlined } from '@ant-design/icons';
import type { TCharge } from '@zaryad/contracts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TListColumns } from '@/components/data-table/columnPriority';
import { ChargeStatusTag } from '@/features/charges/ChargeStatusTag';
import { CostBreakdown } from '@/features/charges/CostBreakdown';
import { ConsumptionFigure, CostFigure } from '@/features/charges/RunningFigure';
import { formatDuration, isRefundable, isRunning, PLATFORM_KEYS } from '@/features/charges/chargeText';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

export type TChargeColumnsOptions = {
  /** Off on the user's own tab, where every row is theirs. */
  withUser?: boolean;
  /** Off on a station's page. */
  withStation?: boolean;
  /** Shows the Stop action on running charges; left out, the column is not there (no `charges.stop`). */
  onStop?: (charge: TCharge) => void;
  /** The charge whose stop is being confirmed or sent: its button waits. */
  stopping?: number | null;
  /** Shows Refund on ended charges with a cost (issue 39); left out (no `charges.refund`), there is none. */
  onRefund?: (charge: TCharge) => void;
};

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * docs/product/charges.md#3-records's Charge as table columns; the start in Asia/Bishkek, money and kWh exact as the API
 * sends them. Priorities (issue 33): the number names the row; status, duration, kWh, cost, payment method and Stop
 * come right after it so that at 1280 px they are in view; the station and user follow, cut to one line; the start
 * (on the network's list), connector, app version and platform are read in the row's expanded part unless the column settings show them.
 * Widths: every shown column fits beside the pinned number and Stop at 1280×720 (the sider collapsed) and at
 * 1440×900 (the sider open) in ru, en and ky, with no sideways scroll, so that none sits under the pinned Stop
 * (tables/tables.spec.ts measures it); Stop is an icon with its words in a tooltip and its label.
 */
export const useChargeColumns = ({
  withUser = true,
  withStation = true,
  onStop,
  stopping = null,
  onRefund,
}: TChargeColumnsOptions = {}): TListColumns<TCharge> => {
  const { t } = useTranslation('charges');
  const { money } = useNumberFormat();
  const columns: TListColumns<TCharge> = [
    { key: 'number', priority: 'identity', title: t('columns.number'), dataIndex: 'number', width: 80 },
    // Right after the number, so that what a charge came to is in view without scrolling the wide table.
    {
      key: 'status',
      priority: 'key',
      title: t('columns.status'),
      render: (_value, charge) => <ChargeStatusTag status={charge.status} closedBy={charge.closed_by} />,
    },
    {
      key: 'duration',
      priority: 'key',
      title: t('columns.duration'),
      align: 'right',
      render: (_value, charge) => formatDuration(charge.duration),
    },
    {
      key: 'consumption',
      priority: 'key',
      title: t('columns.consumption'),
      align: 'right',
      // A running charge's kWh and cost so far, marked (RunningFigure.tsx).
      render: (_value, charge) => <ConsumptionFigure charge={charge} />,
    },
    {
      key: 'totalCost',
      priority: 'key',
      title: t('columns.totalCost'),
      align: 'right',
      render: (_value, charge) => <CostFigure charge={charge} />,
    },
    {
      key: 'paymentMethod',
      priority: 'key',
      title: t('columns.paymentMethod'),
      render: (_value, charge) => t(`methods.${charge.payment_method}`),
    },
    ...(withStation
      ? [
          {
            key: 'station',
            priority: 'normal' as const,
            truncate: true,
            width: 150,
            title: t('columns.station'),
            render: (_value: unknown, charge: TCharge) => (
              <Link to={`/merchant/${charge.station.merchant_id}/station-info/${charge.station.id}`}>
                {charge.station.name}
              </Link>
            ),
          },
        ]
      : []),
    ...(withUser
      ? [
          {
            key: 'user',
            priority: 'normal' as const,
            truncate: true,
            width: 130,
            title: t('columns.user'),
            render: (_value: unknown, charge: TCharge) =>
              charge.user ? (
                <Link to={`/user/${charge.user.id}`}>{charge.user.name || charge.user.personal_account}</Link>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    {
      key: 'startedAt',
      // On the whole network's list, in the expanded row by default: beside the key columns, the station and the user
      // it would push the table past 1280 px (the list is newest start first, and filtered by days). A station's or a
      // user's charges have room for it.
      priority: withUser && withStation ? 'detail' : 'normal',
      title: t('columns.startedAt'),
      render: (_value, charge) => <span style={nowrap}>{formatDateTime(charge.started_at)}</span>,
    },
    // Tariffs II: where the price came from and what the amount is made of, in the row's expanded part.
    {
      key: 'tariff',
      priority: 'detail',
      title: t('columns.tariff'),
      render: (_value, charge) =>
        t('tariffValue', { kind: t(`tariffKinds.${charge.tariff.kind}`), price: money(charge.tariff.price_per_kwh) }),
    },
    {
      key: 'costBreakdown',
      priority: 'detail',
      title: t('columns.costBreakdown'),
      render: (_value, charge) => <CostBreakdown charge={charge} />,
    },
    {
      key: 'connector',
      priority: 'detail',
      title: t('columns.connector'),
      render: (_value, charge) => charge.connector.name,
    },
    {
      key: 'appVersion',
      priority: 'detail',
      title: t('columns.appVersion'),
      render: (_value, charge) => charge.app_version || '—',
    },
    {
      key: 'platform',
      priority: 'detail',
      title: t('columns.platform'),
      render: (_value, charge) => (charge.platform === null ? '—' : t(`platforms.${PLATFORM_KEYS[charge.platform]}`)),
    },
  ];
  if (!onStop && !onRefund) {
    return columns;
  }
  return [
    ...columns,
    {
      key: 'actions',
      priority: 'key',
      // Named in the settings and on phone cards; the header keeps its name for screen readers only.
      label: t('columns.actions'),
      title: <span style={VISUALLY_HIDDEN}>{t('columns.actions')}</span>,
      width: 64,
      render: (_value, charge) =>
        onRefund && isRefundable(charge) ? (
          <Tooltip title={t('refund.action')}>
            <Button
              size="small"
              icon={<RollbackOutlined aria-hidden />}
              aria-label={t('refund.actionLabel', { number: charge.number })}
              onClick={() => {
                onRefund(charge);
              }}
            />
          </Tooltip>
        ) : onStop && isRunning(charge.status) ? (
          <Tooltip title={t('stop.action')}>
            <Button
              danger
              size="small"
              icon={<PoweroffOutlined aria-hidden />}
              aria-label={t('stop.actionLabel', { number: charge.number })}
              loading={stopping === charge.id}
              disabled={stopping !== null && stopping !== charge.id}
              onClick={() => {
                onStop(charge);
              }}
            />
          </Tooltip>
        ) : null,
    },
  ];
};
