import { RUNNING_CHARGE_STATUSES } from '@zaryad/contracts';
import type { TPromoCodeRedemption } from '@zaryad/contracts/promo-codes';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useFormSubmit } from '@/components';
import { usePermissions } from '@/components/permissions/permissions';
import { useCharges } from '@/features/charges';
import { useRedeemCode } from '@/features/promo-codes/api';
import { loadNamespaces } from '@/lib/i18n';

/** The modal's texts (locales/<language>/lazy/promoCodes.ts), loaded with it. */
export const textsReady: Promise<void> = loadNamespaces('promoCodes');

type TRedeemValues = { code: string };

type TRedeemCodeModalProps = {
  user: { id: number; name: string };
  onClose: () => void;
};

/**
 * Redeems a promo code for a driver from `user/{id}` (issue 14, part 5: a support case until the drivers' app has an
 * API of its own), through the same call the app will make. The server's refusal (expired, deactivated, used up, used
 * by this driver as often as allowed, unknown) shows on the field, in the interface language.
 *
 * A promotion with codes applies only through them: the redemption names the driver's charge in progress, when there
 * is one, so that the code's promotion competes for it when it finishes; otherwise it waits for the driver's next
 * charge (modules/promotions/README.md). The modal says which.
 */
export const RedeemCodeModal = ({ user, onClose }: TRedeemCodeModalProps) => {
  const { t } = useTranslation('promoCodes');
  const { message } = App.useApp();
  const [form] = Form.useForm<TRedeemValues>();
  const { can } = usePermissions();
  // The driver's charge in progress, if any (the newest), for an account that may see charges.
  const inProgress = useCharges(
    { search_by_user_id: user.id, status: [...RUNNING_CHARGE_STATUSES], page: 1, size: 1 },
    can('charges.view'),
  );
  const charge = inProgress.data?.items[0] ?? null;
  const redeem = useRedeemCode();
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: (values: TRedeemValues) =>
      redeem.mutateAsync({ code: values.code.trim(), user: user.id, ...(charge && { charge: charge.id }) }),
    onSaved: (redemption: TPromoCodeRedemption) => {
      void message.success(t('redeem.success', { code: redemption.code, name: user.name }));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('redeem.title', { name: user.name })}
      okText={t('redeem.submit')}
      cancelText={t('cancel')}
      confirmLoading={isSubmitting}
      okButtonProps={{ disabled: inProgress.isLoading }}
      destroyOnHidden
      onOk={() => {
        void form.validateFields().then(submit, () => undefined);
      }}
      onCancel={onClose}
    >
      <FormProblemAlert problem={problem} />
      {!inProgress.isSuccess ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            charge
              ? t('redeem.appliesToCharge', { number: charge.number, station: charge.station.name })
              : t('redeem.appliesToNext')
          }
        />
      )}
      <Form<TRedeemValues> form={form} layout="vertical" initialValues={{ code: '' }} onFinish={submit}>
        <Form.Item
          name="code"
          label={t('code')}
          extra={t('redeem.hint')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input autoFocus maxLength={32} autoComplete="off" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
