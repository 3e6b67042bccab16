import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuery } from '@/lib/api';
import { errorMessage } from '@/lib/apiError';
import { downloadFile, type TDownloadProgress } from '@/lib/download';
import type { TNumberFormat } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** docs/product/common.md#3-records's export formats. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

type TExportButtonsProps = {
  /** The export's API path (`/users/export/`); the format is added to `query`. */
  path: string;
  /** The list's filters, without page and size. */
  query: TQuery;
  /** The file name when the server suggests none (`users.xlsx`). */
  fallbackName: (format: TExportFormat) => string;
  /** The formats the export offers; both unless the server writes only one (the audit log's csv). */
  formats?: readonly TExportFormat[];
};

/** Bytes in KB or MB with one decimal at most, the figure written by the interface language: `840 KB`, `12,4 МБ`. */
export const bytesSize = (bytes: number, { decimal }: TNumberFormat): { key: 'sizeKb' | 'sizeMb'; value: string } =>
  bytes >= 1024 * 1024
    ? { key: 'sizeMb', value: decimal(bytes / (1024 * 1024), { maxDigits: 1 }) }
    : { key: 'sizeKb', value: decimal(bytes / 1024, { maxDigits: 1 }) };

/**
 * The xlsx and csv buttons of an export (issue 12): the file streams in with its progress on the button (a
 * percentage when the server gives the size, else what has arrived), and a failed download is a translated
 * message with no file saved. One download at a time per list.
 */
export const ExportButtons = ({ path, query, fallbackName, formats = EXPORT_FORMATS }: TExportButtonsProps) => {
  const { t } = useTranslation('kit');
  const figures = useNumberFormat();
  const { message } = App.useApp();
  const [running, setRunning] = useState<TExportFormat | null>(null);
  const [progress, setProgress] = useState<TDownloadProgress | null>(null);

  const start = async (format: TExportFormat) => {
    setRunning(format);
    setProgress(null);
    try {
      await downloadFile({
        path,
        query: { ...query, format },
        fallbackName: fallbackName(format),
        onProgress: setProgress,
      });
    } catch (error) {
      void message.error(errorMessage(error, t('export.failed')));
    } finally {
      setRunning(null);
      setProgress(null);
    }
  };

  const label = (format: TExportFormat) => {
    const name = format.toUpperCase();
    if (running !== format || progress === null || progress.received === 0) {
      return t('export.button', { format: name });
    }
    if (progress.total) {
      return t('export.percent', {
        format: name,
        percent: figures.percent(Math.floor((progress.received / progress.total) * 100)),
      });
    }
    const size = bytesSize(progress.received, figures);
    return t('export.received', { format: name, size: t(`upload.${size.key}`, { value: size.value }) });
  };

  return formats.map((format) => (
    <Button
      key={format}
      icon={<DownloadOutlined aria-hidden />}
      loading={running === format}
      disabled={running !== null && running !== format}
      onClick={() => void start(format)}
      aria-live="polite"
    >
      {label(format)}
    </Button>
  ));
};
