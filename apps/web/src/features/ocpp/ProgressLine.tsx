import { Flex, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { formatDateTime } from '@/lib/dates';

/** A status line's steps in order, and the failures that stop it at a step. */
export type TProgressSteps = {
  steps: readonly string[];
  /** A failed status and the step it failed at. */
  failures: Readonly<Record<string, string>>;
};

export const FIRMWARE_STEPS: TProgressSteps = {
  steps: ['Downloading', 'Downloaded', 'Installing', 'Installed'],
  failures: { DownloadFailed: 'Downloading', InstallationFailed: 'Installing' },
};

export const DIAGNOSTICS_STEPS: TProgressSteps = {
  steps: ['Uploading', 'Uploaded'],
  failures: { UploadFailed: 'Uploading' },
};

/**
 * What a charge point reported of a firmware update or a diagnostics upload (its status notifications) as a line of
 * steps: done, the current one, or the one that failed; its time beside it. Idle or nothing yet: the line is grey.
 */
export const ProgressLine = ({
  kind,
  line,
  status,
  statusAt,
}: {
  kind: 'firmware' | 'diagnostics';
  line: TProgressSteps;
  status: string | null;
  statusAt: string | null;
}) => {
  const { t } = useTranslation('ocpp');
  const failedAt = status ? line.failures[status] : undefined;
  const at = line.steps.indexOf(failedAt ?? status ?? '');
  const isLast = at === line.steps.length - 1;
  return (
    <Flex vertical gap={4} data-testid={`${kind}-progress`} data-status={status ?? 'none'}>
      <Steps
        size="small"
        // Titles under the dots: the Russian and Kyrgyz statuses are long words, never cut mid-word.
        titlePlacement="vertical"
        current={at}
        status={failedAt ? 'error' : isLast ? 'finish' : 'process'}
        items={line.steps.map((step) => ({
          title:
            failedAt === step ? t(`progress.${status}` as 'progress.Idle') : t(`progress.${step}` as 'progress.Idle'),
        }))}
      />
      <TextSpan tone="secondary">
        {status
          ? t('progress.reported', {
              status: t(`progress.${status}` as 'progress.Idle'),
              time: formatDateTime(statusAt),
            })
          : t('progress.none')}
      </TextSpan>
    </Flex>
  );
};
