import { formatSom, parseTyiyn, TOP_UP_METHODS, USER_LIMITS, ZTopUpBody, type TTopUpMethod } from '@zaryad/contracts';
import { App, Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { useTopUp } from '@/features/users/api';
import { newIdempotencyKey } from '@/lib/idempotencyKey';
import { ApiError } from '@/lib/apiError';
import { zodRule } from '@/lib/formRules';
import { type TNumberFormat } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TTopUpValues = { amount: string; method: TTopUpMethod; comment: string };

type TTopUpModalProps = {
  user: { id: number; name: string };
  onClose: () => void;
};

/** `1 500,00` of what the operator typed (`1500`, `1500.5`); the form has already checked it. */
const shownAmount = (amount: string, { money }: TNumberFormat) => money(formatSom(parseTyiyn(amount.trim()) ?? 0n));

/**
 * The top-up of one user's balance (issue 12): the amount (the contract's rules, checked as typed), method and
 * comment; then a confirmation that repeats the amount; then one PATCH. The modal holds one Idempotency-Key from
 * opening to closing, so that a double click, a retry after a lost answer or a second confirm adds nothing: the
 * server answers the first top-up again. It is mounted only while open, so each opening starts a new key.
 */
export const TopUpModal = ({ user, onClose }: TTopUpModalProps) => {
  const { t } = useTranslation(['users', 'common']);
  const figures = useNumberFormat();
  const { message } = App.useApp();
  const [form] = Form.useForm<TTopUpValues>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState<TTopUpValues | null>(null);
  const topUp = useTopUp(user.id);

  const next = async () => {
    setConfirming(await form.validateFields());
  };

  // The form shell's submit: one send at a time (a double click on the confirmation sends once), and a 400's messages
  // on their fields once back on the form, with the alert and the notification.
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: async (values: TTopUpValues) => {
      try {
        return await topUp.mutateAsync({
          key: idempotencyKey,
          body: { amount: values.amount.trim(), method: values.method, comment: values.comment.trim() },
        });
      } catch (error) {
        if (error instanceof ApiError && error.fieldErrors) {
          setConfirming(null);
        }
        throw error;
      }
    },
    onSaved: (_result, values) => {
      void message.success(t('topUp.success', { name: user.name, amount: shownAmount(values.amount, figures) }));
      onClose();
    },
  });

  return (
    <Modal
      open
      title={confirming ? t('topUp.confirmTitle') : t('topUp.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        confirming ? (
          <>
            <Button key="back" onClick={() => setConfirming(null)} disabled={isSubmitting}>
              {t('topUp.back')}
            </Button>
            <Button key="submit" type="primary" loading={isSubmitting} onClick={() => void submit(confirming)}>
              {t('topUp.submit')}
            </Button>
          </>
        ) : (
          <>
            <Button key="cancel" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button key="next" type="primary" onClick={() => void next().catch(() => undefined)}>
              {t('topUp.next')}
            </Button>
          </>
        )
      }
    >
      {confirming ? null : (
        <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
          <FormProblemAlert problem={problem} />
        </div>
      )}
      {confirming ? (
        <p role="status">{t('topUp.confirm', { name: user.name, amount: shownAmount(confirming.amount, figures) })}</p>
      ) : null}
      <Form<TTopUpValues>
        form={form}
        layout="vertical"
        hidden={confirming !== null}
        initialValues={{ amount: '', method: 'cash', comment: '' }}
        onFinish={() => void next()}
      >
        <Form.Item
          name="amount"
          label={t('topUp.amount')}
          required
          validateFirst
          rules={[zodRule(ZTopUpBody.shape.amount)]}
        >
          <Input inputMode="decimal" autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="method" label={t('topUp.method')}>
          <Radio.Group
            optionType="button"
            options={TOP_UP_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
          />
        </Form.Item>
        <Form.Item name="comment" label={t('topUp.comment')}>
          <Input.TextArea rows={2} maxLength={USER_LIMITS.comment} showCount />
        </Form.Item>
        {/* Enter in the amount field continues to the confirmation. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
