import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

/** The answer of a call that says success and why (a reset, a remote stop): its tag and the server's words. */
export const OutcomeLine = ({ outcome }: { outcome: { success: boolean; detail?: string | null } | null }) => {
  const { t } = useTranslation('ocpp');
  if (!outcome) {
    return null;
  }
  const status = outcome.success ? 'accepted' : 'rejected';
  return (
    <Flex gap={4} wrap align="center" role="status" data-testid="command-answer" data-status={status}>
      <Tag color={outcome.success ? 'green' : 'orange'}>{t(`answerTags.${status}`)}</Tag>
      {outcome.detail ? <TextSpan tone="secondary">{outcome.detail}</TextSpan> : null}
    </Flex>
  );
};
