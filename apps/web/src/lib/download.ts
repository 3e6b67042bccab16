import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

/**
 * Downloads of exports: the file is fetched with the session's token (`api.download`; a plain link would carry none)
 * and handed to the browser here. Every export (merchant report, audit log, and the users, statement and charges
 * exports to come) goes through these two.
 */

/** The file name the server gives in Content-Disposition, else `fallback`. */
export const fileNameFrom = (disposition: string | null, fallback: string) => {
  // RFC 6266: `filename*` carries the real (UTF-8) name; `filename` is only the ASCII fallback.
  const encoded = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  const plain = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  if (encoded?.[1]) {
    return decodeURIComponent(encoded[1]);
  }
  return plain?.[1] ?? fallback;
};

/** Hands a blob to the browser as a download. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has been dispatched; the browser keeps what it needs for the download.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
};

/** How much of a download has arrived: `total` from Content-Length, null when the server streams without one. */
export type TDownloadProgress = { received: number; total: number | null };

/** A download that broke off: fewer bytes arrived than the server announced. */
export class IncompleteDownloadError extends Error {
  constructor(received: number, total: number) {
    super(`Download ended after ${received} of ${total} bytes`);
    this.name = 'IncompleteDownloadError';
  }
}

const contentLength = (response: Response): number | null => {
  const header = response.headers.get('Content-Length');
  return header && /^\d+$/.test(header) ? Number(header) : null;
};

/**
 * Reads a response's body chunk by chunk, telling `onProgress` how much has arrived, and answers the whole file.
 * A stream that breaks (the connection drops, the server aborts an export half-way) rejects, and so does one shorter
 * than its Content-Length: the caller then saves nothing rather than a truncated file.
 */
export const readWithProgress = async (
  response: Response,
  onProgress: (progress: TDownloadProgress) => void,
): Promise<Blob> => {
  const total = contentLength(response);
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  if (total !== null && received < total) {
    throw new IncompleteDownloadError(received, total);
  }
  return new Blob(chunks, { type });
};

export type TFileDownload = {
  /** The API path of the export (`/users/export/`). */
  path: string;
  query: TQuery;
  /** The name saved under when the server suggests none. */
  fallbackName: string;
  onProgress?: (progress: TDownloadProgress) => void;
  signal?: AbortSignal;
};

/**
 * One export, from the request to the saved file, with progress on the way. Every export button goes through here
 * (components/export/ExportButtons.tsx). An HTTP error rejects with its ApiError, a broken stream with the reader's
 * error; in both cases no file is saved.
 */
export const downloadFile = async ({ path, query, fallbackName, onProgress, signal }: TFileDownload) => {
  const response = await api.open(path, { query, signal });
  const blob = await readWithProgress(response, onProgress ?? (() => undefined));
  const name = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(blob, name);
  return { name, size: blob.size };
};
