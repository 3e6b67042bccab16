import { ALERT_RULES, type TLanguage } from '@zaryad/contracts';
import {
  ACCOUNT_CHANNELS,
  NOTIFICATION_TEXTS,
  type TNotificationPreferences,
  type TNotificationPreferencesBody,
  type TTelegramLink,
} from '@zaryad/contracts/notifications';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Divider,
  Flex,
  Form,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useActionError, useFormSubmit } from '@/components';
import { renamedFieldErrors } from '@/components/form-shell/placeFieldErrors';
import {
  useMerchantChoices,
  usePreferences,
  useSavePreferences,
  useTelegramLink,
  useTelegramUnlink,
} from '@/features/notifications/settingsApi';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dates';

export { textsReady } from '@/features/notifications/texts';

type TFormValues = {
  rules: TNotificationPreferencesBody['rules'];
  merchantScope: 'all' | 'some';
  merchant_ids: number[];
  isQuiet: boolean;
  quietFrom: string;
  quietTo: string;
  channels: TNotificationPreferencesBody['channels'];
};

const toValues = (preferences: TNotificationPreferences): TFormValues => ({
  rules: preferences.rules,
  merchantScope: preferences.merchant_ids === null ? 'all' : 'some',
  merchant_ids: preferences.merchant_ids ?? [],
  isQuiet: preferences.quiet_hours !== null,
  quietFrom: preferences.quiet_hours?.from ?? '22:00',
  quietTo: preferences.quiet_hours?.to ?? '08:00',
  channels: preferences.channels,
});

const toBody = (values: TFormValues): TNotificationPreferencesBody => ({
  rules: values.rules,
  merchant_ids: values.merchantScope === 'all' ? null : values.merchant_ids,
  quiet_hours:
    values.isQuiet && values.quietFrom && values.quietTo ? { from: values.quietFrom, to: values.quietTo } : null,
  channels: values.channels,
});

/** Quiet hours' ends, every half hour (a select: the time picker would weigh the screen past its budget). */
const HALF_HOURS = Array.from({ length: 48 }, (_, index) => {
  const time = `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`;
  return { value: time, label: time };
});

/** The server's field names for the form's (quiet_hours.from is the form's quietFrom). */
const FIELD_OF: Record<string, string> = {
  'quiet_hours.from': 'quietFrom',
  'quiet_hours.to': 'quietTo',
  merchant_ids: 'merchant_ids',
};

/** The Telegram link: its state, a one-time code with the instructions, the check and the unlink. */
const TelegramLink = ({ preferences, onCheck }: { preferences: TNotificationPreferences; onCheck: () => void }) => {
  const { t } = useTranslation(['notificationSettings', 'common']);
  const { modal, message } = App.useApp();
  const showError = useActionError();
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  const [code, setCode] = useState<TTelegramLink | null>(null);
  const { telegram } = preferences;
  if (!telegram.configured) {
    return <Alert type="info" showIcon title={t('telegram.notConfigured')} />;
  }
  if (telegram.linked) {
    return (
      <Flex align="center" gap={12} wrap="wrap">
        <Typography.Text type="success">{t('telegram.linked')}</Typography.Text>
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: t('telegram.unlinkConfirm'),
              okText: t('telegram.unlink'),
              okButtonProps: { danger: true },
              cancelText: t('common:actions.cancel'),
              onOk: async () => {
                try {
                  await unlink.mutateAsync();
                  setCode(null);
                  void message.success(t('telegram.unlinked'));
                } catch (error) {
                  showError(error);
                }
              },
            })
          }
        >
          {t('telegram.unlink')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8} align="start" data-testid="telegram-link">
      <Typography.Text type="secondary">{t('telegram.notLinked')}</Typography.Text>
      <Button
        loading={link.isPending}
        onClick={() =>
          link.mutate(undefined, {
            onSuccess: setCode,
            onError: (error) => showError(error),
          })
        }
      >
        {t('telegram.getCode')}
      </Button>
      {code ? (
        <Flex vertical gap={6}>
          <Typography.Text>
            {code.bot_username
              ? t('telegram.instructions', { bot: `@${code.bot_username}` })
              : t('telegram.instructionsNoBot')}
          </Typography.Text>
          <Typography.Text code copyable style={{ fontSize: 16 }} data-testid="telegram-code">
            {`/start ${code.code}`}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('telegram.expires', { time: formatDateTime(code.expires_at) })}
          </Typography.Text>
          <Space wrap>
            {code.url ? (
              <Button type="primary" href={code.url} target="_blank" rel="noreferrer">
                {t('telegram.openBot')}
              </Button>
            ) : null}
            <Button onClick={onCheck}>{t('telegram.check')}</Button>
          </Space>
        </Flex>
      ) : null}
    </Flex>
  );
};

/** The profile's Notifications section (docs/product/notifications.md#2-screens): rules, merchants, quiet hours, channels, Telegram. */
export const NotificationPreferences = () => {
  const { t, i18n } = useTranslation(['notificationSettings', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TFormValues>();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const scope = Form.useWatch('merchantScope', form);
  const isQuiet = Form.useWatch('isQuiet', form);
  const merchants = useMerchantChoices(scope === 'some');
  const texts =
    NOTIFICATION_TEXTS[(i18n.language as TLanguage) in NOTIFICATION_TEXTS ? (i18n.language as TLanguage) : 'ru'];

  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: (values: TFormValues) => save.mutateAsync(toBody(values)),
    onSaved: () => void message.success(t('preferences.saved')),
    placeErrors: renamedFieldErrors(FIELD_OF),
  });

  if (preferences.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('preferences.loadError')}
        description={errorMessage(preferences.error, '')}
      />
    );
  }
  if (!preferences.data) {
    return <Skeleton active />;
  }
  const data = preferences.data;
  return (
    <Card id="notifications" title={t('preferences.title')} data-testid="notification-preferences">
      <Typography.Paragraph type="secondary">{t('preferences.hint')}</Typography.Paragraph>
      <Form<TFormValues>
        form={form}
        layout="vertical"
        initialValues={toValues(data)}
        onFinish={(values) => void submit(values)}
      >
        <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
          <FormProblemAlert problem={problem} />
        </div>
        <Form.Item name="channels" label={t('preferences.channels')}>
          <Checkbox.Group
            options={ACCOUNT_CHANNELS.map((channel) => ({
              value: channel,
              label: t(`preferences.channel.${channel}`),
              disabled: channel === 'telegram' && !data.telegram.linked && !data.channels.includes('telegram'),
            }))}
          />
        </Form.Item>
        {!data.telegram.linked && data.telegram.configured ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
            {t('preferences.telegramFirst')}
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="rules" label={t('preferences.rules')} extra={t('preferences.rulesHint')}>
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 4 }}
          >
            {ALERT_RULES.map((rule) => (
              <Checkbox key={rule} value={rule}>
                {texts.rules[rule]}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="merchantScope" label={t('preferences.merchants')} extra={t('preferences.merchantsHint')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('preferences.allMerchants') },
              { value: 'some', label: t('preferences.someMerchants') },
            ]}
          />
        </Form.Item>
        {scope === 'some' ? (
          <Form.Item name="merchant_ids" style={{ marginTop: -8 }}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={merchants.isLoading}
              placeholder={t('preferences.pickMerchant')}
              aria-label={t('preferences.merchants')}
              options={(merchants.data?.items ?? []).map((merchant) => ({ value: merchant.id, label: merchant.name }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('preferences.quietHours')} extra={t('preferences.quietHint')}>
          <Flex align="center" gap={12} wrap="wrap">
            <Form.Item name="isQuiet" valuePropName="checked" noStyle>
              <Switch aria-label={t('preferences.quietHours')} />
            </Form.Item>
            <Form.Item name="quietFrom" noStyle>
              <Select
                options={HALF_HOURS}
                disabled={!isQuiet}
                style={{ width: 100 }}
                aria-label={t('preferences.from')}
              />
            </Form.Item>
            <span>—</span>
            <Form.Item name="quietTo" noStyle>
              <Select
                options={HALF_HOURS}
                disabled={!isQuiet}
                style={{ width: 100 }}
                aria-label={t('preferences.to')}
              />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {t('common:actions.save')}
        </Button>
      </Form>
      <Divider />
      <Typography.Title level={5}>{t('telegram.title')}</Typography.Title>
      <TelegramLink preferences={data} onCheck={() => void preferences.refetch()} />
    </Card>
  );
};
