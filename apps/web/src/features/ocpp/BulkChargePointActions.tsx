import { DownOutlined } from '@ant-design/icons';
import type { TBulkAction, TBulkCommandBody, TBulkCommandItem, TBulkResult } from '@zaryad/contracts/ocpp';
import {
  Alert,
  Button,
  Dropdown,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { useBulkCommand, useFirmwareFiles } from '@/features/ocpp/api';
import { errorMessage } from '@/lib/apiError';

type TStation = { id: number; name: string };
type TValues = { type?: 'Hard' | 'Soft'; firmwareId?: number; key?: string; value?: string };

const RESULT_COLORS: Record<TBulkResult, string> = {
  accepted: 'green',
  rejected: 'orange',
  offline: 'default',
  timeout: 'gold',
  error: 'red',
};

const bodyOf = (action: TBulkAction, stationIds: number[], values: TValues): TBulkCommandBody => {
  if (action === 'Reset') {
    return { station_ids: stationIds, action, payload: { type: values.type ?? 'Soft' } };
  }
  if (action === 'UpdateFirmware') {
    return { station_ids: stationIds, action, payload: { firmwareId: values.firmwareId ?? 0 } };
  }
  return { station_ids: stationIds, action, payload: { key: values.key ?? '', value: values.value ?? '' } };
};

const FirmwareField = () => {
  const { t } = useTranslation('ocpp');
  const files = useFirmwareFiles();
  return (
    <Form.Item
      name="firmwareId"
      label={t('bulk.firmware')}
      rules={[{ required: true, message: t('bulk.firmwareRequired') }]}
    >
      <Select
        loading={files.isLoading}
        options={(files.data?.items ?? []).map((file) => ({
          value: file.id,
          label: file.version ? `${file.file_name} (${file.version})` : file.file_name,
        }))}
      />
    </Form.Item>
  );
};

/**
 * The merchant's stations table's bulk charge point actions (docs/product/ocpp.md#2-screens): Reset, UpdateFirmware or
 * ChangeConfiguration for the selected stations, each the role may use; a confirmation naming the action and the
 * count, then each station's result with the failed ones retried on demand.
 */
export const BulkChargePointActions = ({ selected }: { selected: readonly TStation[] }) => {
  const { t } = useTranslation('ocpp');
  const canManage = useCan('stations.manage_charge_point');
  const canReset = useCan('stations.reset');
  // On a phone the message goes under the result: a third column would be cut off.
  const isWide = Grid.useBreakpoint().md !== false;
  const [form] = Form.useForm<TValues>();
  const bulk = useBulkCommand();
  const [action, setAction] = useState<TBulkAction | null>(null);
  const [sent, setSent] = useState<{ body: TBulkCommandBody; items: TBulkCommandItem[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const actions = (
    [
      ['Reset', canReset],
      ['UpdateFirmware', canManage],
      ['ChangeConfiguration', canManage || canReset],
    ] as const
  )
    .filter(([, allowed]) => allowed)
    .map(([name]) => name);
  if (actions.length === 0) {
    return null;
  }
  const actionName = (name: TBulkAction) => t(`bulk.actions.${name}`);

  const send = async (body: TBulkCommandBody, previous: TBulkCommandItem[] = []) => {
    setProblem(null);
    try {
      const result = await bulk.mutateAsync(body);
      const answered = new Map(result.items.map((item) => [item.station_id, item]));
      const merged = previous.length ? previous.map((item) => answered.get(item.station_id) ?? item) : result.items;
      setAction(null);
      setSent({ body, items: merged });
    } catch (error) {
      setProblem(errorMessage(error, t('answerTags.failed')));
    }
  };

  const failed = sent?.items.filter((item) => item.result !== 'accepted' && item.status !== null) ?? [];
  const columns: TableColumnsType<TBulkCommandItem> = [
    {
      key: 'station',
      title: t('bulk.station'),
      render: (_value, item) => item.name ?? `#${item.station_id}`,
    },
    {
      key: 'result',
      title: t('bulk.result'),
      render: (_value, item) => (
        <Flex vertical gap={2} align="start">
          <Tag color={RESULT_COLORS[item.result]} data-testid={`bulk-result-${item.station_id}`}>
            {t(`bulk.results.${item.result}`)}
          </Tag>
          {isWide ? null : <TextSpan tone="secondary">{item.detail}</TextSpan>}
        </Flex>
      ),
    },
    ...(isWide ? [{ key: 'detail', title: t('bulk.message'), dataIndex: 'detail' }] : []),
  ];

  return (
    <>
      <Dropdown
        disabled={selected.length === 0}
        trigger={['click']}
        menu={{
          items: actions.map((name) => ({ key: name, label: actionName(name) })),
          onClick: ({ key }) => {
            form.resetFields();
            setProblem(null);
            setAction(key as TBulkAction);
          },
        }}
      >
        <Button data-testid="bulk-charge-points">
          {t('bulk.button', { count: selected.length })} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <Modal
        open={action !== null}
        title={action ? actionName(action) : null}
        okText={t('bulk.send')}
        okButtonProps={{ danger: action === 'Reset', loading: bulk.isPending, ...{ 'data-testid': 'bulk-send' } }}
        onOk={() => form.submit()}
        onCancel={() => setAction(null)}
        destroyOnHidden
        width={520}
      >
        <Form<TValues>
          form={form}
          name="bulk-charge-points"
          layout="vertical"
          requiredMark={false}
          initialValues={{ type: 'Soft' }}
          onFinish={(values) => {
            if (action) {
              void send(
                bodyOf(
                  action,
                  selected.map((station) => station.id),
                  values,
                ),
              );
            }
          }}
        >
          <Alert
            type={action === 'Reset' ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="bulk-confirm"
            title={action ? t('bulk.confirm', { action: actionName(action), count: selected.length }) : null}
          />
          {action === 'Reset' ? (
            <Form.Item name="type" label={t('bulk.resetType')}>
              <Radio.Group
                options={(['Soft', 'Hard'] as const).map((type) => ({
                  value: type,
                  label: t(`actions.reset.${type}`),
                }))}
              />
            </Form.Item>
          ) : null}
          {action === 'UpdateFirmware' ? <FirmwareField /> : null}
          {action === 'ChangeConfiguration' ? (
            <>
              <Form.Item
                name="key"
                label={t('bulk.key')}
                rules={[{ required: true, whitespace: true, message: t('bulk.keyRequired') }]}
              >
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="value" label={t('bulk.value')}>
                <Input maxLength={500} />
              </Form.Item>
            </>
          ) : null}
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
        </Form>
      </Modal>
      <Modal
        open={sent !== null}
        title={sent ? t('bulk.resultsTitle', { action: actionName(sent.body.action) }) : null}
        onCancel={() => setSent(null)}
        width={720}
        footer={
          <Flex gap={8} justify="end" wrap>
            {failed.length > 0 && sent ? (
              <Button
                loading={bulk.isPending}
                data-testid="bulk-retry"
                onClick={() =>
                  void send(
                    { ...sent.body, station_ids: failed.map((item) => item.station_id) } as TBulkCommandBody,
                    sent.items,
                  )
                }
              >
                {t('bulk.retry', { count: failed.length })}
              </Button>
            ) : null}
            <Button type="primary" onClick={() => setSent(null)}>
              {t('bulk.close')}
            </Button>
          </Flex>
        }
      >
        {sent ? (
          <Flex vertical gap={12}>
            <span data-testid="bulk-summary">
              {t('bulk.summary', {
                accepted: sent.items.filter((item) => item.result === 'accepted').length,
                total: sent.items.length,
              })}
            </span>
            {problem ? <Alert type="error" showIcon title={problem} /> : null}
            <Table<TBulkCommandItem>
              size="small"
              rowKey="station_id"
              columns={columns}
              dataSource={sent.items}
              pagination={sent.items.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              data-testid="bulk-results"
            />
          </Flex>
        ) : null}
      </Modal>
    </>
  );
};
