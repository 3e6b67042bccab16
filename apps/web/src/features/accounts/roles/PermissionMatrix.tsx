import {
  PERMISSION_ACTIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_DOMAINS,
  type TPermission,
  type TPermissionAction,
  type TPermissionDomain,
} from '@zaryad/contracts';
import { Checkbox, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

export type TPermissionMatrixProps = {
  value?: readonly TPermission[];
  onChange?: (value: TPermission[]) => void;
  disabled?: boolean;
};

type TRow = { domain: TPermissionDomain };

const ROWS: TRow[] = PERMISSION_DOMAINS.map((domain) => ({ domain }));

const hasAction = (domain: TPermissionDomain, action: TPermissionAction): boolean =>
  (PERMISSION_CATALOGUE[domain] as readonly TPermissionAction[]).includes(action);

/**
 * The role's permissions as a grid: a row per domain of the catalogue, a column per action, a checkbox only where
 * the domain has that action. A form field (`value`/`onChange`): the value is the set of permission keys, kept in
 * catalogue order so that an unchanged role sends what it received.
 */
// `disabled` stays undefined unless set, so that a locked form's disabled state reaches the checkboxes.
export const PermissionMatrix = ({ value = [], onChange, disabled }: TPermissionMatrixProps) => {
  const { t } = useTranslation('roles');
  const held = new Set<string>(value);

  const toggle = (permission: TPermission, isChecked: boolean) => {
    const next = new Set<string>(held);
    if (isChecked) {
      next.add(permission);
    } else {
      next.delete(permission);
    }
    onChange?.(
      PERMISSION_DOMAINS.flatMap((domain) =>
        PERMISSION_CATALOGUE[domain].map((action: TPermissionAction) => `${domain}.${action}` as TPermission),
      ).filter((permission) => next.has(permission)),
    );
  };

  const columns: TableColumnsType<TRow> = [
    {
      key: 'domain',
      title: t('form.domain'),
      fixed: 'left',
      render: (_value, row) => t(`domains.${row.domain}`),
    },
    ...PERMISSION_ACTIONS.map((action): TableColumnsType<TRow>[number] => ({
      key: action,
      title: t(`actions.${action}`),
      align: 'center',
      render: (_value, row) => {
        if (!hasAction(row.domain, action)) {
          return null;
        }
        const permission = `${row.domain}.${action}` as TPermission;
        return (
          <Checkbox
            checked={held.has(permission)}
            disabled={disabled}
            aria-label={t('form.permission', {
              domain: t(`domains.${row.domain}`),
              action: t(`actions.${action}`),
            })}
            onChange={(event) => {
              toggle(permission, event.target.checked);
            }}
          />
        );
      },
    })),
  ];

  return (
    <div data-testid="permission-matrix">
      <Table<TRow>
        aria-label={t('form.matrix')}
        size="small"
        bordered
        rowKey="domain"
        columns={columns}
        dataSource={ROWS}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
};
