import type { TReferralSettings } from '@zaryad/contracts/referrals';
import { Alert, App, Button, Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useFormSubmit } from '@/components';
import { useCan } from '@/components/permissions/permissions';
import { useReferralSettings, useUpdateReferralSettings } from '@/features/referrals/api';
import { errorMessage } from '@/lib/apiError';

export { textsReady } from '@/features/referrals/texts';

const FIELDS = ['inviter_bonus', 'invited_bonus'] as const;

/**
 * The settings screen's card of the network's referral bonuses: read with referrals.view, changed with
 * referrals.edit. Amounts in som with 2 decimals; the server's messages land on their fields.
 */
export const ReferralSettingsCard = () => {
  const { t } = useTranslation(['referrals', 'common']);
  const { message } = App.useApp();
  const canEdit = useCan('referrals.edit');
  const [form] = Form.useForm<TReferralSettings>();
  const settings = useReferralSettings();
  const update = useUpdateReferralSettings();
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: (values: TReferralSettings) => update.mutateAsync(values),
    onSaved: () => {
      void message.success(t('settings.saved'));
    },
  });

  return (
    <Card title={t('settings.title')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('settings.loadError')}
          description={errorMessage(settings.error, t('common:errors.request'))}
        />
      ) : !settings.data ? (
        <Skeleton active />
      ) : (
        <Form<TReferralSettings>
          form={form}
          layout="vertical"
          initialValues={settings.data}
          disabled={!canEdit}
          onFinish={(values) => void submit(values)}
        >
          <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
            <FormProblemAlert problem={problem} />
          </div>
          {FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`settings.${field === 'inviter_bonus' ? 'inviterBonus' : 'invitedBonus'}`)}
            >
              <InputNumber<string> stringMode min="0" max="100000" step="1" precision={2} style={{ width: 220 }} />
            </Form.Item>
          ))}
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={isSubmitting}>
              {t('settings.save')}
            </Button>
          ) : null}
        </Form>
      )}
    </Card>
  );
};
