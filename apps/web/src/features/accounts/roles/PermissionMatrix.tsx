import {
  PERMISSION_ACTIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_DOMAINS,
  type TPermission,
  type TPermissionAction,
  type TPermissionDomain,
} from '@zaryad/contracts';
import { CheckOutlined } from '@ant-design/icons';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export type TPermissionMatrixProps = {
  value?: readonly TPermission[];
  onChange?: (value: TPermission[]) => void;
  disabled?: boolean;
  /**
   * A record to read, not a field to fill (a built-in role's view page): a tick for each permission held and a dash
   * for each one not held, in place of disabled checkboxes whose ticked and unticked states look alike.
   */
  readOnly?: boolean;
};

const hasAction = (domain: TPermissionDomain, action: TPermissionAction): boolean =>
  (PERMISSION_CATALOGUE[domain] as readonly TPermissionAction[]).includes(action);

/**
 * The role's permissions as a grid: a row per domain of the catalogue, a column per action, a checkbox only where
 * the domain has that action. A form field (`value`/`onChange`): the value is the set of permission keys, kept in
 * catalogue order so that an unchanged role sends what it received.
 */
// `disabled` stays undefined unless set, so that a locked form's disabled state reaches the checkboxes.
export const PermissionMatrix = ({ value = [], onChange, disabled, readOnly = false }: TPermissionMatrixProps) => {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
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

  const cell = { padding: '6px 8px', border: `1px solid ${token.colorBorderSecondary}` };
  return (
    // A plain table rather than antd's: the form needs no sorting, paging or selection, and antd's Table would
    // weigh ~50 KB gzip in this screen's download.
    <div data-testid="permission-matrix" style={{ overflowX: 'auto' }}>
      <table aria-label={t('form.matrix')} style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
        <thead>
          <tr style={{ background: token.colorFillAlter }}>
            <th scope="col" style={{ ...cell, textAlign: 'start', fontWeight: 600 }}>
              {t('form.domain')}
            </th>
            {PERMISSION_ACTIONS.map((action) => (
              <th key={action} scope="col" style={{ ...cell, fontWeight: 600, minWidth: 64, hyphens: 'auto' }}>
                {t(`actions.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_DOMAINS.map((domain) => (
            <tr key={domain}>
              <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 400, minWidth: 180 }}>
                {t(`domains.${domain}`)}
              </th>
              {PERMISSION_ACTIONS.map((action) => {
                const permission = `${domain}.${action}` as TPermission;
                const name = t('form.permission', { domain: t(`domains.${domain}`), action: t(`actions.${action}`) });
                if (readOnly) {
                  return (
                    <td key={action} style={{ ...cell, textAlign: 'center' }}>
                      {hasAction(domain, action) ? <HeldMark isHeld={held.has(permission)} name={name} /> : null}
                    </td>
                  );
                }
                return (
                  <td key={action} style={{ ...cell, textAlign: 'center' }}>
                    {hasAction(domain, action) ? (
                      <Checkbox
                        checked={held.has(permission)}
                        disabled={disabled}
                        aria-label={name}
                        onChange={(event) => {
                          toggle(permission, event.target.checked);
                        }}
                      />
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** A held permission as a green tick, one not held as a grey dash; each says which it is to a screen reader. */
const HeldMark = ({ isHeld, name }: { isHeld: boolean; name: string }) => {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  const label = t(isHeld ? 'view.allowed' : 'view.denied', { permission: name });
  return isHeld ? (
    <span role="img" aria-label={label} title={label} style={{ color: token.colorSuccessText, fontSize: 16 }}>
      <CheckOutlined aria-hidden />
    </span>
  ) : (
    <span role="img" aria-label={label} title={label} style={{ color: token.colorTextSecondary }}>
      —
    </span>
  );
};

/** What the marks of a read-only matrix mean, under it. */
export const HeldLegend = () => {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  return (
    <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>
      <CheckOutlined aria-hidden style={{ color: token.colorSuccessText }} /> {t('view.legendAllowed')}
      <span style={{ marginInlineStart: 16 }}>— {t('view.legendDenied')}</span>
    </p>
  );
};
