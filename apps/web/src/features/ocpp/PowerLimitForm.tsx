import type { TPowerLimitBody, TPowerWindow } from '@zaryad/contracts/ocpp-smart';
import { POWER_LIMIT_MAX_KW, POWER_WINDOWS_MAX } from '@zaryad/contracts/ocpp-smart';
import { Button, Flex, Form, Input, InputNumber, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { formatDateTime } from '@/lib/dates';

type TLimitValues = { limit_kw: number | null; windows: TPowerWindow[] };

/** A limit as the server keeps it: none, or the limit with its windows, who set it and when. */
export type TKeptLimit = {
  limit_kw: number | null;
  windows: TPowerWindow[];
  updated_at: string | null;
  account: string | null;
};

type TCommandLine = { action: string; status: string; station_id?: number };

const ANSWER_COLORS: Record<string, string> = { accepted: 'green', rejected: 'orange', failed: 'red' };

/** What the commands sent came to: one tag per charge point, or a count when several were sent. */
export const SentLine = ({ commands }: { commands: readonly TCommandLine[] }) => {
  const { t } = useTranslation('smartCharging');
  if (commands.length === 0) {
    return null;
  }
  if (commands.length === 1) {
    const [only] = commands;
    return (
      <Flex gap={4} align="center" role="status" data-testid="power-limit-answer" data-status={only!.status}>
        <Tag color={ANSWER_COLORS[only!.status] ?? 'default'}>
          {only!.action}: {t(`answers.${only!.status as 'accepted'}`)}
        </Tag>
      </Flex>
    );
  }
  return (
    <Typography.Text role="status" type="secondary" data-testid="power-limit-answer">
      {t('sentTo', {
        count: new Set(commands.map((command) => command.station_id)).size,
        accepted: commands.filter((command) => command.status === 'accepted').length,
      })}
    </Typography.Text>
  );
};

/**
 * The form of a power limit (a station's or a site's): kW, time windows of Bishkek time with their own kW, saved and
 * removed after a confirmation; the server's messages on their fields (a window's in the form's alert).
 */
export const PowerLimitForm = ({
  kept,
  canManage,
  confirmText,
  onSave,
  onClear,
  testId,
}: {
  kept: TKeptLimit | undefined;
  canManage: boolean;
  confirmText: string;
  onSave: (body: TPowerLimitBody) => Promise<{ commands: readonly TCommandLine[] }>;
  onClear: () => Promise<{ commands: readonly TCommandLine[] }>;
  testId: string;
}) => {
  const { t } = useTranslation(['smartCharging', 'common']);
  const [form] = Form.useForm<TLimitValues>();
  const [sent, setSent] = useState<readonly TCommandLine[]>([]);
  const [isAsking, setIsAsking] = useState(false);
  const [isClearing, setIsClearing] = useState(false);
  const showError = useActionError();
  // The form takes the kept limit when it arrives or changes (a save, a removal), not at every read of it: a read in
  // the background would otherwise undo what the user is typing.
  const keptAt = kept === undefined ? undefined : `${kept.updated_at ?? ''}|${kept.limit_kw ?? ''}`;
  const keptRef = useRef(kept);
  keptRef.current = kept;
  useEffect(() => {
    if (keptAt !== undefined) {
      form.setFieldsValue({ limit_kw: keptRef.current?.limit_kw ?? null, windows: keptRef.current?.windows ?? [] });
    }
  }, [form, keptAt]);
  const { submit, isSubmitting, problem, markInvalid } = useFormSubmit<
    TLimitValues,
    { commands: readonly TCommandLine[] }
  >({
    form,
    onSubmit: (values) => {
      setSent([]);
      return onSave({ limit_kw: values.limit_kw ?? 0, windows: values.windows ?? [] });
    },
    onSaved: (result) => setSent(result.commands),
  });
  const clear = async () => {
    setSent([]);
    setIsClearing(true);
    try {
      setSent((await onClear()).commands);
    } catch (error) {
      showError(error);
    } finally {
      setIsClearing(false);
    }
  };
  const time = { required: true, message: t('required') };
  if (kept === undefined) {
    // Nothing to type over until the kept limit is in: it would replace what was typed.
    return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  }
  return (
    <Form<TLimitValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canManage}
      initialValues={{ limit_kw: null, windows: [] }}
      onFinish={(values) => void submit(values)}
      onFinishFailed={markInvalid}
      data-testid={testId}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {kept.limit_kw === null
            ? t('noLimit')
            : kept.account
              ? t('updated', { when: formatDateTime(kept.updated_at), who: kept.account })
              : t('updatedBySystem', { when: formatDateTime(kept.updated_at) })}
        </Typography.Text>
        <FormProblemAlert problem={problem} />
        <Form.Item
          name="limit_kw"
          label={t('limitKw')}
          rules={[{ required: true, message: t('required') }]}
          style={{ marginBottom: 0 }}
        >
          <InputNumber min={0.1} max={POWER_LIMIT_MAX_KW} step={0.1} precision={1} style={{ width: 160 }} />
        </Form.Item>
        <Typography.Text strong>{t('windows')}</Typography.Text>
        <Typography.Text type="secondary">{t('windowHint')}</Typography.Text>
        <Form.List name="windows">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} wrap align="end" data-testid="power-window">
                  <Form.Item name={[field.name, 'from']} label={t('from')} rules={[time]} style={{ marginBottom: 0 }}>
                    <Input placeholder={t('timePlaceholder')} maxLength={5} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'to']} label={t('to')} rules={[time]} style={{ marginBottom: 0 }}>
                    <Input placeholder={t('timePlaceholder')} maxLength={5} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'limit_kw']}
                    label={t('limitKw')}
                    rules={[{ required: true, message: t('required') }]}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber min={0.1} max={POWER_LIMIT_MAX_KW} step={0.1} precision={1} style={{ width: 120 }} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('removeWindow')}</Button>
                </Flex>
              ))}
              {fields.length < POWER_WINDOWS_MAX ? (
                <Button
                  type="dashed"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => add({ from: '', to: '', limit_kw: null })}
                >
                  {t('addWindow')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
        {canManage ? (
          <Flex gap={8} wrap>
            <Popconfirm
              title={t('save')}
              description={confirmText}
              open={isAsking}
              onOpenChange={(open) => {
                if (!open) {
                  setIsAsking(false);
                }
              }}
              okText={t('save')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => {
                setIsAsking(false);
                form.submit();
              }}
            >
              <Button
                type="primary"
                loading={isSubmitting}
                onClick={() => {
                  form.validateFields().then(
                    () => setIsAsking(true),
                    () => markInvalid(),
                  );
                }}
              >
                {t('save')}
              </Button>
            </Popconfirm>
            {kept.limit_kw !== null ? (
              <Popconfirm
                title={t('clear')}
                description={t('clearConfirm')}
                okText={t('clear')}
                okButtonProps={{ danger: true }}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => void clear()}
              >
                <Button danger loading={isClearing}>
                  {t('clear')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        ) : null}
        <SentLine commands={sent} />
      </Flex>
    </Form>
  );
};
