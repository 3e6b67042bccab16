import type { TPromoCodeRedemption } from '@zaryad/contracts/promo-codes';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useFormSubmit } from '@/components';
import { api } from '@/lib/apiClient';
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
 */
export const RedeemCodeModal = ({ user, onClose }: TRedeemCodeModalProps) => {
  const { t } = useTranslation('promoCodes');
  const { message } = App.useApp();
  const [form] = Form.useForm<TRedeemValues>();
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: (values: TRedeemValues) =>
      api.post<TPromoCodeRedemption>('/promo-codes/redeem/', { code: values.code.trim(), user: user.id }),
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
      destroyOnHidden
      onOk={() => {
        void form.validateFields().then(submit, () => undefined);
      }}
      onCancel={onClose}
    >
      <FormProblemAlert problem={problem} />
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
