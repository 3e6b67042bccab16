import type { TChargePointCommandBody, TChargePointCommandResult } from '@zaryad/contracts/ocpp';
import { Button, Card, Flex, Form, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import type { TPlaceFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { placeFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { CommandAnswer } from '@/features/ocpp/CommandAnswer';
import { useSendCommand } from '@/features/ocpp/api';

/** The server names a payload's fields `payload.connectorId`: each message goes to the form's field of that name. */
export const placePayloadErrors: TPlaceFieldErrors = (body, formFields) =>
  placeFieldErrors(
    Object.fromEntries(Object.entries(body).map(([name, messages]) => [name.replace(/^payload\./, ''), messages])),
    formFields,
  );

export type TCommandFormProps<TValues> = {
  stationId: number;
  /** The card's title: the action's name as staff know it. */
  title: string;
  /** What the confirmation asks. */
  confirm: string;
  /** The submit button's label. */
  submitLabel: string;
  toBody: (values: TValues) => TChargePointCommandBody;
  initialValues?: Partial<TValues>;
  /** After an answer (any outcome): other reads to refresh. */
  onAnswer?: (result: TChargePointCommandResult) => void;
  danger?: boolean;
  testId: string;
  children?: ReactNode;
};

/**
 * One command as a small form in the panel: its fields, a confirmation before it is sent, the server's messages on
 * the fields (useFormSubmit, as every form of the app), and the charge point's answer under it.
 */
export const CommandForm = <TValues extends object>({
  stationId,
  title,
  confirm,
  submitLabel,
  toBody,
  initialValues,
  onAnswer,
  danger,
  testId,
  children,
}: TCommandFormProps<TValues>) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const [form] = Form.useForm<TValues>();
  const send = useSendCommand(stationId);
  const [answer, setAnswer] = useState<TChargePointCommandResult | null>(null);
  const { submit, isSubmitting, problem, markInvalid } = useFormSubmit<TValues, TChargePointCommandResult>({
    form,
    onSubmit: (values) => {
      setAnswer(null);
      return send.mutateAsync(toBody(values));
    },
    onSaved: (result) => {
      setAnswer(result);
      onAnswer?.(result);
    },
    placeErrors: placePayloadErrors,
  });
  const [isAsking, setIsAsking] = useState(false);
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Form<TValues>
        // The form's name prefixes its fields' ids: the panel's forms share field names (connectorId).
        name={testId}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        onFinishFailed={markInvalid}
        requiredMark={false}
      >
        <Flex vertical gap={8}>
          <FormProblemAlert problem={problem} />
          {children}
          <Popconfirm
            title={title}
            description={confirm}
            open={isAsking}
            onOpenChange={(open) => {
              if (!open) {
                setIsAsking(false);
              }
            }}
            okText={submitLabel}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger }}
            onConfirm={() => {
              setIsAsking(false);
              form.submit();
            }}
          >
            <Button
              danger={danger}
              loading={isSubmitting}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                // The fields are checked first: the confirmation asks only about a command that can be sent.
                form.validateFields().then(
                  () => setIsAsking(true),
                  () => markInvalid(),
                );
              }}
            >
              {submitLabel}
            </Button>
          </Popconfirm>
          <CommandAnswer answer={answer} />
        </Flex>
      </Form>
    </Card>
  );
};
