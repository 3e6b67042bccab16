import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuery } from '@/lib/api';
import { errorMessage } from '@/lib/apiError';
import { downloadFile, type TDownloadProgress } from '@/lib/download';

/** SPEC.md section 3's export formats. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

type TExportButtonsProps = {
  /** The export's API path (`/users/export/`); the format is added to `query`. */
  path: string;
  /** The list's filters, without page and size. */
  query: TQuery;
  /** The file name when the server suggests none (`users.xlsx`). */
  fallbackName: (format: TExportFormat) => string;
};

/** Bytes as the interface language writes them: `840 KB`, `12.4 MB`. */
export const formatBytes = (bytes: number, language: string): string => {
  const [unit, value] = bytes >= 1024 * 1024 ? ['megabyte', bytes / (1024 * 1024)] : ['kilobyte', bytes / 1024];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
};

/**
 * The xlsx and csv buttons of an export (issue 12): the file streams in with its progress on the button (a
 * percentage when the server gives the size, else what has arrived), and a failed download is a translated
 * message with no file saved. One download at a time per list.
 */
export const ExportButtons = ({ path, query, fallbackName }: TExportButtonsProps) => {
  const { t, i18n } = useTranslation('kit');
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
      return t('export.percent', { format: name, percent: Math.floor((progress.received / progress.total) * 100) });
    }
    return t('export.received', { format: name, size: formatBytes(progress.received, i18n.language) });
  };

  return EXPORT_FORMATS.map((format) => (
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
