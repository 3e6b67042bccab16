import { STATION_LIMITS } from '@zaryad/contracts';
import type { TMessage } from '../../http/api-errors';
import type { FileStorage } from '../media/file-storage';
import { sniffMedia, SNIFF_BYTES, type TMediaFormat } from './media-sniff';

export type TStoredUpload = { ok: true; path: string; kind: TMediaFormat['kind'] } | { ok: false; message: TMessage };

/** A multipart file stream: busboy marks it truncated when it hit the plugin's file size limit. */
export interface UploadStream extends AsyncIterable<Uint8Array> {
  truncated?: boolean;
}

const drain = async (iterator: AsyncIterator<Uint8Array>) => {
  // The rest of the request comes after this file: busboy only moves on once the file stream is read to the end.
  for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
    // discarded
  }
};

const tooLarge = (format: TMediaFormat): TMessage => (format.kind === 'image' ? 'image_too_large_2mb' : 'video_too_large');
const byteLimit = (format: TMediaFormat) => (format.kind === 'image' ? STATION_LIMITS.photoMaxBytes : STATION_LIMITS.videoMaxBytes);

/**
 * Streams one uploaded file into the storage after judging its format by content: photos png/jpeg up to 2000 KB,
 * videos mp4 up to 100 MB (`accept` narrows that, e.g. to images for the avatar). The stream is always read to its
 * end; a refused file leaves nothing behind.
 */
export const storeUpload = async (
  stream: UploadStream,
  storage: FileStorage,
  accept: ReadonlySet<TMediaFormat['kind']>,
): Promise<TStoredUpload> => {
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let isDone = false;
  while (headLength < SNIFF_BYTES) {
    const step = await iterator.next();
    if (step.done) {
      isDone = true;
      break;
    }
    head.push(Buffer.from(step.value));
    headLength += step.value.length;
  }
  const format = sniffMedia(Buffer.concat(head));
  if (!format || !accept.has(format.kind)) {
    if (!isDone) {
      await drain(iterator);
    }
    return { ok: false, message: accept.has('video') ? 'media_type_invalid' : 'image_type_invalid' };
  }
  const limit = byteLimit(format);
  let written = 0;
  let isOverLimit = false;
  // Stops writing past the format's limit but keeps reading, so that the request can still be answered.
  async function* limited(): AsyncGenerator<Uint8Array> {
    for (const chunk of head) {
      written += chunk.length;
      if (written > limit) {
        isOverLimit = true;
        return;
      }
      yield chunk;
    }
    if (isDone) {
      return;
    }
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
      written += step.value.length;
      if (written > limit) {
        isOverLimit = true;
        await drain(iterator);
        return;
      }
      yield step.value;
    }
  }
  const path = await storage.saveStream(limited(), format.extension);
  if (isOverLimit || stream.truncated) {
    await storage.deleteFile(path);
    return { ok: false, message: tooLarge(format) };
  }
  return { ok: true, path, kind: format.kind };
};
