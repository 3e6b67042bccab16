import { DATE_FORMATS, TIME_ZONES, type TAccountSettings } from '@zaryad/contracts';
import { Alert, App, Button, Card, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useFormSubmit } from '@/components';
import { useCan } from '@/components/permissions/permissions';
import { WebhooksLink } from '@/features/notifications';
import { ReferralSettingsCard } from '@/features/referrals';
import { useAccountSettings, useUpdateAccountSettings } from '@/features/settings/api';
import { errorMessage } from '@/lib/apiError';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS } from '@/lib/language';

/**
 * The signed-in account's interface language, time zone and date format, kept on the server. Saving a language also
 * switches the interface (and the `language` key in local storage) at once.
 */
const AccountSettingsCard = () => {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TAccountSettings>();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();

  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: async (values: TAccountSettings) => {
      const saved = await update.mutateAsync(values);
      if (saved.language !== i18n.language) {
        await changeLanguage(saved.language);
      }
    },
    onSaved: () => {
      // Said after the switch and through i18n itself: the render's `t` is fixed to the previous language.
      void message.success(i18n.t('settings:saved'));
    },
  });

  if (settings.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('loadError')}
        description={errorMessage(settings.error, t('common:errors.request'))}
      />
    );
  }
  if (!settings.data) {
    return <Skeleton active />;
  }
  const today = dayjs();
  return (
    <Card title={t('title')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form<TAccountSettings>
        form={form}
        layout="vertical"
        initialValues={settings.data}
        onFinish={(values) => void submit(values)}
      >
        <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
          <FormProblemAlert problem={problem} />
        </div>
        <Form.Item name="language" label={t('fields.language')}>
          <Select options={LANGUAGE_OPTIONS.map((option) => ({ value: option.value, label: option.title }))} />
        </Form.Item>
        <Form.Item name="time_zone" label={t('fields.timeZone')}>
          <Select options={TIME_ZONES.map((zone) => ({ value: zone, label: t(`timeZones.${zone}`) }))} />
        </Form.Item>
        <Form.Item name="date_format" label={t('fields.dateFormat')}>
          <Select
            options={DATE_FORMATS.map((format) => ({ value: format, label: `${format} (${today.format(format)})` }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
};

// Their tables load only for the accounts that see them (superadmins), with the outbox's texts.
const SystemCards = lazy(async () => {
  const cards = await import('@/features/settings/SystemCards');
  await cards.textsReady;
  return { default: cards.SystemCards };
});

/**
 * `/settings`: the account's own settings; below them, for whoever may see them, the ways to the alert rules and the
 * webhooks, the network's referral bonuses, and for superadmins the server's scheduled jobs and the SMS outbox.
 */
export const SettingsPage = () => {
  const canSeeReferrals = useCan('referrals.view');
  const canSeeJobs = useCan('roles.manage');
  return (
    <Flex vertical gap={16}>
      <AccountSettingsCard />
      <Suspense fallback={null}>
        <WebhooksLink />
      </Suspense>
      {canSeeReferrals ? (
        <Suspense fallback={<Skeleton active />}>
          <ReferralSettingsCard />
        </Suspense>
      ) : null}
      {canSeeJobs ? (
        <Suspense fallback={<Skeleton active />}>
          <SystemCards />
        </Suspense>
      ) : null}
    </Flex>
  );
};
