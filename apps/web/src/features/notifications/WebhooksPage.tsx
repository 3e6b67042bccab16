import { ALERT_RULES, type TLanguage } from '@zaryad/contracts';
import {
  NOTIFICATION_TEXTS,
  type TWebhook,
  type TWebhookBody,
  type TWebhookDelivery,
} from '@zaryad/contracts/notifications';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useActionError, useFormSubmit } from '@/components';
import { useCan } from '@/components/permissions/permissions';
import {
  useDeleteWebhook,
  useSaveWebhook,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '@/features/notifications/settingsApi';
import { errorMessage } from '@/lib/apiError';
import { contractMessage } from '@/lib/contractMessage';
import { formatDateTime } from '@/lib/dates';

export { textsReady } from '@/features/notifications/texts';

const STATUS_COLORS = { pending: 'processing', sent: 'success', failed: 'error' } as const;

const useRuleTitles = () => {
  const { i18n } = useTranslation();
  const language = (['ru', 'en', 'ky'].includes(i18n.language) ? i18n.language : 'ru') as TLanguage;
  return NOTIFICATION_TEXTS[language].rules;
};

type TFormValues = { name: string; url: string; secret: string; rules: TWebhookBody['rules']; enabled: boolean };

/** The add and edit form, in a modal. */
const WebhookForm = ({ webhook, onClose }: { webhook: TWebhook | null; onClose: () => void }) => {
  const { t } = useTranslation(['notificationSettings', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TFormValues>();
  const save = useSaveWebhook();
  const rules = useRuleTitles();
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: (values: TFormValues) =>
      save.mutateAsync({
        id: webhook?.id ?? null,
        body: {
          name: values.name,
          url: values.url,
          rules: values.rules,
          enabled: values.enabled,
          ...(values.secret ? { secret: values.secret } : {}),
        },
      }),
    onSaved: () => {
      void message.success(t('webhooks.saved'));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={webhook ? t('webhooks.edit') : t('webhooks.add')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={isSubmitting}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<TFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: webhook?.name ?? '',
          url: webhook?.url ?? 'https://',
          secret: '',
          rules: webhook?.rules ?? [...ALERT_RULES],
          enabled: webhook?.enabled ?? true,
        }}
        onFinish={(values) => void submit(values)}
      >
        <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
          <FormProblemAlert problem={problem} />
        </div>
        <Form.Item
          name="name"
          label={t('webhooks.name')}
          rules={[{ required: true, whitespace: true, message: contractMessage('required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          rules={[{ required: true, message: contractMessage('required') }]}
        >
          <Input maxLength={2000} inputMode="url" />
        </Form.Item>
        <Form.Item name="secret" label={t('webhooks.secret')} extra={t('webhooks.secretHint')}>
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rules" label={t('webhooks.rules')}>
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 4 }}
          >
            {ALERT_RULES.map((rule) => (
              <Checkbox key={rule} value={rule}>
                {rules[rule]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** A webhook's delivery log, in a drawer, read again every 2 s while one is pending. */
const Deliveries = ({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) => {
  const { t } = useTranslation('notificationSettings');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhook.id, page);
  const columns: ColumnsType<TWebhookDelivery> = [
    { title: t('webhooks.column.time'), dataIndex: 'created_at', render: (value: string) => formatDateTime(value) },
    { title: t('webhooks.column.event'), dataIndex: 'event' },
    {
      title: t('webhooks.column.status'),
      dataIndex: 'status',
      render: (status: TWebhookDelivery['status']) => (
        <Tag color={STATUS_COLORS[status]}>{t(`webhooks.status.${status}`)}</Tag>
      ),
    },
    { title: t('webhooks.column.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('webhooks.column.code'), dataIndex: 'status_code', render: (value: number | null) => value ?? '—' },
    {
      title: t('webhooks.column.duration'),
      dataIndex: 'duration_ms',
      align: 'right',
      render: (value: number | null) => (value === null ? '—' : t('webhooks.ms', { value })),
    },
    {
      title: t('webhooks.column.error'),
      dataIndex: 'last_error',
      render: (value: string | null, row) => (
        <Flex vertical>
          <Typography.Text type="danger">{value ?? ''}</Typography.Text>
          {row.next_attempt_at ? (
            <Typography.Text type="secondary">
              {t('webhooks.column.nextAttempt')}: {formatDateTime(row.next_attempt_at)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <Drawer open title={t('webhooks.deliveriesOf', { name: webhook.name })} size="large" onClose={onClose}>
      <Table<TWebhookDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        columns={columns}
        dataSource={deliveries.data?.items ?? []}
        locale={{ emptyText: t('webhooks.noDeliveries') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: deliveries.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="webhook-deliveries"
      />
    </Drawer>
  );
};

/** `/settings/webhooks` (alerts.manage): the network's outgoing webhooks, their form, delivery log and test. */
export const WebhooksPage = () => {
  const { t } = useTranslation(['notificationSettings', 'common']);
  const { modal, message } = App.useApp();
  const showError = useActionError();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const rules = useRuleTitles();
  const canManage = useCan('alerts.manage');
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<TWebhook | null>(null);

  const columns: ColumnsType<TWebhook> = [
    {
      title: t('webhooks.name'),
      dataIndex: 'name',
      render: (name: string, webhook) => (
        <Flex vertical>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('webhooks.rules'),
      dataIndex: 'rules',
      render: (values: TWebhook['rules']) => (
        <Flex gap={4} wrap="wrap" style={{ maxWidth: 360 }}>
          {values.map((rule) => (
            <Tag key={rule}>{rules[rule]}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('webhooks.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('webhooks.on') : t('webhooks.off')}</Tag>
      ),
    },
    {
      title: t('webhooks.lastDelivery'),
      dataIndex: 'last_delivery',
      render: (last: TWebhook['last_delivery']) =>
        last ? (
          <Flex vertical>
            <span>
              <Tag color={STATUS_COLORS[last.status]}>{t(`webhooks.status.${last.status}`)}</Tag>
              {last.status_code ?? ''}
            </span>
            <Typography.Text type="secondary">{formatDateTime(last.at)}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('webhooks.never')}</Typography.Text>
        ),
    },
    {
      title: t('webhooks.actions'),
      key: 'actions',
      align: 'right',
      render: (_value, webhook) => (
        <Space wrap style={{ justifyContent: 'end' }}>
          <Button size="small" onClick={() => setEditing(webhook)}>
            {t('common:actions.edit')}
          </Button>
          <Button
            size="small"
            loading={test.isPending && test.variables === webhook.id}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: (delivery) => {
                  void message.success(delivery.detail);
                  setLogOf(webhook);
                },
                onError: (error) => showError(error),
              })
            }
          >
            {t('webhooks.test')}
          </Button>
          <Button size="small" onClick={() => setLogOf(webhook)}>
            {t('webhooks.deliveries')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: t('webhooks.deleteConfirm', { name: webhook.name }),
                okText: t('webhooks.delete'),
                okButtonProps: { danger: true },
                cancelText: t('common:actions.cancel'),
                onOk: async () => {
                  try {
                    await remove.mutateAsync(webhook.id);
                    void message.success(t('webhooks.deleted'));
                  } catch (error) {
                    showError(error);
                  }
                },
              })
            }
          >
            {t('webhooks.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('webhooks.title')}
      extra={
        canManage ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('webhooks.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('webhooks.hint')}</Typography.Paragraph>
      {webhooks.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('webhooks.loadError')}
          description={errorMessage(webhooks.error, '')}
        />
      ) : (
        <Table<TWebhook>
          rowKey="id"
          loading={webhooks.isLoading}
          columns={columns}
          dataSource={webhooks.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('webhooks.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="webhooks-table"
        />
      )}
      {editing ? <WebhookForm webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {logOf ? <Deliveries webhook={logOf} onClose={() => setLogOf(null)} /> : null}
    </Card>
  );
};
