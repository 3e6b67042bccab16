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
