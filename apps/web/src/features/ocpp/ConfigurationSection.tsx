import type { TChargePointCommandResult } from '@zaryad/contracts/ocpp';
import { Button, Flex, Input, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { TextSpan } from '@/components/text/TextSpan';
import { CommandAnswer } from '@/features/ocpp/CommandAnswer';
import { useSendCommand } from '@/features/ocpp/api';

type TConfigurationKey = { key: string; readonly: boolean; value?: string };

/** GetConfiguration's answer: `configurationKey` and `unknownKey` (the server always gives both lists). */
const keysOf = (response: unknown): TConfigurationKey[] =>
  ((response as { configurationKey?: TConfigurationKey[] } | null)?.configurationKey ?? []).slice();

/** One key's value: editable unless read-only, ChangeConfiguration after a confirmation, its answer beside it. */
const ValueCell = ({
  row,
  stationId,
  answer,
  onAnswer,
}: {
  row: TConfigurationKey;
  stationId: number;
  answer: TChargePointCommandResult | undefined;
  onAnswer: (key: string, result: TChargePointCommandResult) => void;
}) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const send = useSendCommand(stationId);
  const showError = useActionError();
  const [value, setValue] = useState(row.value ?? '');
  if (row.readonly) {
    return <span>{row.value ?? '—'}</span>;
  }
  const change = async () => {
    try {
      onAnswer(row.key, await send.mutateAsync({ action: 'ChangeConfiguration', payload: { key: row.key, value } }));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Flex vertical gap={4}>
      <Flex gap={4}>
        <Input
          size="small"
          aria-label={t('config.valueOf', { key: row.key })}
          value={value}
          maxLength={500}
          onChange={(event) => setValue(event.target.value)}
          style={{ minWidth: 120 }}
        />
        <Popconfirm
          title={t('config.changeTitle')}
          description={t('config.changeConfirm', { key: row.key, value })}
          okText={t('config.change')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() => void change()}
        >
          <Button size="small" loading={send.isPending} disabled={value === (row.value ?? '')}>
            {t('config.change')}
          </Button>
        </Popconfirm>
      </Flex>
      {answer ? <CommandAnswer answer={{ ...answer, response: null }} /> : null}
    </Flex>
  );
};

/**
 * GetConfiguration of every key as a table, with ChangeConfiguration inline: read-only keys shown as such, an answer
 * of RebootRequired flagged on its row.
 */
export const ConfigurationSection = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const read = useSendCommand(stationId);
  const showError = useActionError();
  const [result, setResult] = useState<TChargePointCommandResult | null>(null);
  const [answers, setAnswers] = useState<Record<string, TChargePointCommandResult>>({});
  const load = async () => {
    try {
      setAnswers({});
      setResult(await read.mutateAsync({ action: 'GetConfiguration', payload: {} }));
    } catch (error) {
      showError(error);
    }
  };
  const rows = result ? keysOf(result.response) : [];
  const unknown = ((result?.response as { unknownKey?: string[] } | null)?.unknownKey ?? []).join(', ');
  const columns: TableColumnsType<TConfigurationKey> = [
    { key: 'key', title: t('config.key'), dataIndex: 'key', render: (key: string) => <code>{key}</code> },
    {
      key: 'value',
      title: t('config.value'),
      render: (_value, row) => (
        <ValueCell
          row={row}
          stationId={stationId}
          answer={answers[row.key]}
          onAnswer={(key, answer) => setAnswers((current) => ({ ...current, [key]: answer }))}
        />
      ),
    },
    {
      key: 'access',
      title: t('config.access'),
      width: 140,
      render: (_value, row) =>
        row.readonly ? <Tag>{t('config.readOnly')}</Tag> : <TextSpan tone="secondary">{t('config.writable')}</TextSpan>,
    },
  ];
  return (
    <Flex vertical gap={12} data-testid="cp-configuration">
      <Flex gap={8} wrap align="center">
        <Popconfirm
          title={t('config.readTitle')}
          description={t('config.readConfirm')}
          okText={t('config.read')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() => void load()}
        >
          <Button loading={read.isPending}>{result ? t('config.readAgain') : t('config.read')}</Button>
        </Popconfirm>
        {result && result.status !== 'accepted' ? <CommandAnswer answer={result} /> : null}
      </Flex>
      {result?.status === 'accepted' ? (
        <>
          <Table<TConfigurationKey>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={rows.length ? { x: 'max-content' } : undefined}
            locale={{ emptyText: t('config.empty') }}
          />
          {unknown ? <TextSpan tone="secondary">{t('config.unknown', { keys: unknown })}</TextSpan> : null}
        </>
      ) : null}
    </Flex>
  );
};
