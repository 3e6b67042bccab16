import { Form, Input, Radio, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_DEBOUNCE_MS } from '@/components/data-table/listParams';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import { useDriverOptions } from '@/features/ocpp/api';

/** An app user found by name, phone, email or personal account: the driver of a remote start or a reservation. */
export const DriverSelect = ({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) => {
  const { t } = useTranslation(['ocpp', 'kit']);
  const [search, setSearch] = useState('');
  const [hasOpened, setHasOpened] = useState(false);
  const debounced = useDebouncedValue(search.trim(), LIST_DEBOUNCE_MS);
  const options = useDriverOptions(debounced, hasOpened);
  return (
    <Select<number>
      id={id}
      aria-label={t('driver.user')}
      placeholder={t('driver.searchPlaceholder')}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      onOpenChange={(open) => {
        if (open) {
          setHasOpened(true);
        }
      }}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      options={(options.data?.items ?? []).map((user) => ({
        value: user.id,
        label: `${user.name} · ${user.personal_account} · ${user.phone}`,
      }))}
      notFoundContent={options.isFetching ? <Spin size="small" /> : t('kit:table.empty')}
      style={{ minWidth: 240 }}
    />
  );
};

export type TDriverKind = 'user' | 'idTag';

/**
 * The driver by app user (searched) or by id tag: a radio between the two and the field of the one chosen, under the
 * names the call takes (`idTag`/`userId` of a remote start, `id_tag`/`user_id` of a reservation).
 */
export const DriverField = ({ idTagName, userIdName }: { idTagName: string; userIdName: string }) => {
  const { t } = useTranslation('ocpp');
  return (
    <>
      <Form.Item name="driverKind" label={t('driver.label')} style={{ marginBottom: 0 }}>
        {/* Plain radios, not a button pair: in Russian and Kyrgyz the two labels are wider than the card. */}
        <Radio.Group
          options={[
            { value: 'user', label: t('driver.byUser') },
            { value: 'idTag', label: t('driver.byIdTag') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['driverKind']}>
        {({ getFieldValue }) =>
          getFieldValue('driverKind') === 'idTag' ? (
            <Form.Item
              name={idTagName}
              label={t('driver.idTag')}
              rules={[{ required: true, message: t('driver.idTagRequired') }, { max: 20 }]}
              style={{ marginBottom: 0 }}
            >
              <Input maxLength={20} autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item
              name={userIdName}
              label={t('driver.user')}
              rules={[{ required: true, message: t('driver.userRequired') }]}
              style={{ marginBottom: 0 }}
            >
              <DriverSelect />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
};

/** The driver part of a body: exactly one of the two. */
export const driverOf = <TIdTag extends string, TUser extends string>(
  values: { driverKind?: TDriverKind } & Record<string, unknown>,
  idTagName: TIdTag,
  userIdName: TUser,
) =>
  values.driverKind === 'idTag'
    ? ({ [idTagName]: String(values[idTagName] ?? '').trim() } as Record<TIdTag, string>)
    : ({ [userIdName]: Number(values[userIdName]) } as Record<TUser, number>);
