import type { TLedgerResult } from '@zaryad/contracts/payments';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { amountRules, REASON_MAX, reasonRules } from '@/components/ledger-modal/ledgerRules';
import { ApiError, errorMessage } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotencyKey';

/** The form's values: a correction adds its direction. */
export type TLedgerValues = { amount: string; reason: string; direction?: 'credit' | 'debit' };

/** Stands for an answer that was not a success: the modal already says why. */
const REFUSED = Symbol('refused');

export type TLedgerModalProps = {
  title: ReactNode;
  submitLabel: string;
  /** Above the form: what there is to refund, the balance... */
  intro?: ReactNode;
  /** A choice before the amount, as buttons: a correction's direction. */
  directions?: { label: string; options: { value: 'credit' | 'debit'; label: string }[] };
  initialValues: TLedgerValues;
  /** At most this much (what is left to refund, a correction's limit), with the message past it. */
  amountMax?: { som: string; message: string };
  /** The reason's message when it is left blank (a refund's, a correction's). */
  reasonRequired: string;
  /** Nothing to do (everything refunded, the figures still loading): the submit is off. */
  isDisabled?: boolean;
  /** Sends the values with the modal's `Idempotency-Key`: a retry or a second click makes one entry. */
  send: (values: TLedgerValues, idempotencyKey: string) => Promise<TLedgerResult>;
  onClose: () => void;
};

/**
 * A money action with its reason (issue 39: a charge's refund, a card payment's refund, a correction): the amount and
 * the required reason checked as the server checks them, then one request. Its texts are the `wallet` namespace's
 * (lazy: whoever opens it loads them first). Its answer's `detail` (translated by the
 * server) is the success message. A 400's messages go on their fields; any other refusal (409: nothing left, 502: the
 * provider refused) is an alert in the modal, which stays open with the values as they were: nothing changed. One
 * `Idempotency-Key` per opening makes a retry safe.
 */
export const LedgerModal = ({
  title,
  submitLabel,
  intro,
  directions,
  initialValues,
  amountMax,
  reasonRequired,
  isDisabled = false,
  send,
  onClose,
}: TLedgerModalProps) => {
  const { t } = useTranslation(['wallet', 'common', 'kit']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TLedgerValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key from opening to closing (the modal is mounted only while open): the server answers a retry with the first.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Set once answered: a double click's second click, landing before the modal is gone, sends nothing more.
  const isDone = useRef(false);

  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit: async (values: TLedgerValues) => {
      setRefusal(null);
      try {
        return await send({ ...values, amount: values.amount.trim(), reason: values.reason.trim() }, idempotencyKey);
      } catch (error) {
        if (error instanceof ApiError && error.fieldErrors) {
          throw error;
        }
        setRefusal(errorMessage(error, t('kit:errors.generic')));
        return REFUSED;
      }
    },
    onSaved: (result) => {
      if (result === REFUSED) {
        return;
      }
      isDone.current = true;
      void message.success(result.detail);
      onClose();
    },
  });

  return (
    <Modal
      open
      title={title}
      okText={submitLabel}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: isDisabled }}
      confirmLoading={isSubmitting}
      onOk={() => {
        form.submit();
      }}
      onCancel={() => {
        if (!isSubmitting) {
          onClose();
        }
      }}
      maskClosable={false}
      destroyOnHidden
    >
      {intro}
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      {problem.isInvalid ? (
        <div style={{ marginBottom: 16 }}>
          <FormProblemAlert problem={problem} />
        </div>
      ) : null}
      <Form<TLedgerValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={isDisabled}
        onFinish={(values) => {
          if (!isDone.current) {
            void submit(values);
          }
        }}
      >
        {directions ? (
          <Form.Item name="direction" label={directions.label}>
            <Radio.Group optionType="button" options={directions.options} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="amount"
          label={t('amount')}
          required
          rules={amountRules(
            {
              required: t('rules.amountRequired'),
              invalid: t('rules.amountInvalid'),
              decimals: t('rules.amountDecimals'),
              positive: t('rules.amountPositive'),
            },
            amountMax,
          )}
        >
          <Input inputMode="decimal" autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} required validateFirst rules={reasonRules(reasonRequired)}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
        {/* Enter in the amount field sends the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
