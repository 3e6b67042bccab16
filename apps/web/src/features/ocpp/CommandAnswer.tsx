import type { TChargePointCommandResult } from '@zaryad/contracts/ocpp';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

/** The colour of each command outcome's tag, in the answer and the command log. */
export const COMMAND_STATUS_COLORS: Record<TChargePointCommandResult['status'], string> = {
  accepted: 'green',
  rejected: 'orange',
  timeout: 'red',
  not_connected: 'default',
  failed: 'red',
};

/** The part of an answer a command's result shows: its status and what the charge point said (pretty JSON). */
export type TCommandAnswer = Pick<TChargePointCommandResult, 'status' | 'response'> &
  Partial<Pick<TChargePointCommandResult, 'detail' | 'reboot_required'>>;

const payloadText = (response: unknown) => {
  if (response === null || response === undefined) {
    return null;
  }
  const text = JSON.stringify(response, null, 2);
  return text === '{}' ? null : text;
};

/** A command's answer under its form: the outcome's tag, a reboot flag, the server's words and the payload. */
export const CommandAnswer = ({ answer }: { answer: TCommandAnswer | null }) => {
  const { t } = useTranslation('ocpp');
  if (!answer) {
    return null;
  }
  const payload = payloadText(answer.response);
  return (
    <Flex vertical gap={4} role="status" data-testid="command-answer" data-status={answer.status}>
      <Flex gap={4} wrap align="center">
        <Tag color={COMMAND_STATUS_COLORS[answer.status]}>{t(`answerTags.${answer.status}`)}</Tag>
        {answer.reboot_required ? <Tag color="gold">{t('config.rebootRequired')}</Tag> : null}
        <TextSpan tone="secondary">{answer.detail ?? t(`commandStatuses.${answer.status}`)}</TextSpan>
      </Flex>
      {payload ? (
        <pre
          aria-label={t('answerPayload')}
          style={{
            margin: 0,
            maxHeight: 160,
            overflow: 'auto',
            fontSize: 12,
            padding: 8,
            borderRadius: 6,
            background: 'rgba(0, 0, 0, 0.04)',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {payload}
        </pre>
      ) : null}
    </Flex>
  );
};
