/**
 * What the promotions and the banners share: records of a period (platform/period-end.ts ends them), newest first,
 * with a status, one image and a list of stations. Each module keeps its own fields, rules and messages; these are
 * the steps both take alike.
 */
import { STATUS, type TMessageKey } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FieldErrors, type TMessage } from '../http/api-errors';
import { readImageSize } from './image-size';
import type { MultipartForm } from './multipart';
import type { Transaction } from './transaction';

/** A png or jpeg read from the form, kept in memory until the record's write. */
export interface UploadedImage {
  bytes: Buffer;
  extension: 'png' | 'jpg';
}

/** The part of the file storage a record's image needs (platform/storage's FileStorage). */
export interface ImageStore {
  saveFile(buffer: Buffer, extension: string): Promise<string>;
  deleteFile(path: string): Promise<void>;
}

/**
 * The form's image under `field`: a png or jpeg whose size can be read (a signature alone is no image), and the
 * record's own rule on its size (a fullscreen's ratio). A refusal, or a missing required image, goes to `errors`.
 */
export const readFormImage = (
  form: MultipartForm,
  field: string,
  errors: Record<string, TMessage[]>,
  options: { isRequired: boolean; checkSize?: (width: number, height: number) => TMessage | null },
): UploadedImage | undefined => {
  const file = form.files[field]?.[0];
  if (!file || file.isStored || (file.format !== 'png' && file.format !== 'jpeg')) {
    if (options.isRequired && !form.errors[field]) {
      errors[field] = ['image_required'];
    }
    return undefined;
  }
  const size = readImageSize(file.format, file.bytes);
  const refusal = size.status !== 'found' ? 'image_type_invalid' : options.checkSize?.(size.width, size.height);
  if (refusal) {
    errors[field] = [refusal];
    return undefined;
  }
  return { bytes: file.bytes, extension: file.format === 'png' ? 'png' : 'jpg' };
};

/** Stores the image, runs the write, and removes the image again when the write fails. */
export const withStoredImage = async <T>(
  storage: ImageStore,
  image: UploadedImage | undefined,
  write: (path: string | undefined) => Promise<T>,
): Promise<T> => {
  const path = image ? await storage.saveFile(image.bytes, image.extension) : undefined;
  try {
    return await write(path);
  } catch (error) {
    if (path) {
      await storage.deleteFile(path);
    }
    throw error;
  }
};

/**
 * The `afterUpdate` of a status change by ids: checked on the locked rows, inside the change, so that a record whose
 * end has passed is never activated; the change is refused naming them all (`<message>:7, 9`).
 */
export const refusePassedActivationOfRows =
  (now: Date, message: TMessageKey) =>
  async (_tx: Transaction, updated: readonly { id: number; status: number; endsAt: Date }[]) => {
    const passed = updated.filter((row) => row.status === STATUS.active && row.endsAt <= now).map((row) => row.id);
    if (passed.length > 0) {
      throw new FieldErrors({ ids: [`${message}:${passed.sort((a, b) => a - b).join(', ')}`] });
    }
  };

/** Replaces a record's links (its stations) with `rows`, built from the new list with each id once. */
export const replaceLinks = async <TTable extends PgTable>(
  tx: Transaction,
  link: { table: TTable; owner: PgColumn },
  ownerId: number,
  rows: TTable['$inferInsert'][],
) => {
  await tx.delete(link.table).where(eq(link.owner, ownerId));
  if (rows.length > 0) {
    await tx.insert(link.table).values(rows);
  }
};

/** Each id once, in the order first given. */
export const uniqueIds = (ids: readonly number[]) => [...new Set(ids)];
