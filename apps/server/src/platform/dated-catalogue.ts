/**
 * What promotions and banners share (README.md): records of a period, newest first, with a status, one image and
 * stations. Each module keeps its own fields, rules and messages.
 */
import { STATUS, type TBulkStatusBody, type TMessageKey, type TPaged } from '@zaryad/contracts';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { FieldErrors, notFound, type TMessage } from '../http/api-errors';
import type { RecordAudit, TActor } from './audit';
import { changeStatuses, changeStatusesWhere, type TStatusRow } from './bulk-status';
import { deleteWhenInactive } from './delete-when-inactive';
import { linkedIds } from './links';
import { descending, type ListPaging, queryList } from './list-query';
import { type EndingTable, refusePassedActivation } from './period-end';
import type { FileStorage } from './storage';
import { readImageSize } from './image-size';
import type { MultipartForm } from './multipart';
import type { Transaction } from './transaction';

/** A png or jpeg read from the form, kept in memory until the record's write. */
export interface UploadedImage {
  bytes: Buffer;
  extension: 'png' | 'jpg';
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

/** A dated catalogue's table: a status, an end, an image and a merchant (promotions, banners). */
export type DatedTable = EndingTable & { imagePath: PgColumn; merchantId: PgColumn };

export interface DatedCatalogueOptions<TTable extends DatedTable, TLink extends PgTable, TItem, TFilter> {
  db: Database;
  storage: FileStorage;
  clock: () => Date;
  table: TTable;
  /** The audit log's entity name and its writer (modules/audit's `recordAudit`). */
  entity: string;
  recordAudit: RecordAudit;
  /** The merchants' table (modules/merchants), joined for each record's merchant name. */
  merchants: { table: PgTable; id: PgColumn; name: PgColumn };
  /** The link table of a record's stations: its owner and station columns, and the row tying one to the other. */
  stationLinks: {
    table: TLink;
    owner: PgColumn;
    linked: PgColumn;
    row: (ownerId: number, stationId: number) => TLink['$inferInsert'];
  };
  /** The refusal naming the records a status change would activate past their end (`<message>:7, 9`). */
  passedIdsMessage: TMessageKey;
  toItem: (row: TStatusRow<TTable>, merchantName: string | null, stationIds: number[], now: Date) => TItem;
  /** The records the list shows for a filter at `now`: the list and the status change by filter read the same rows. */
  listConditions: (filter: TFilter, now: Date) => SQL | undefined;
  /** What the audit entry of a delete keeps of the record. */
  deletedAudit: (row: TStatusRow<TTable>) => Record<string, unknown>;
  /** Called after every write (banners: the live answer's cache is dropped). */
  afterWrite?: () => void;
}

/**
 * The reads and the writes every dated catalogue does alike: its records with their merchant's name and stations, one
 * record or 404, the delete of an inactive record with its image, the status changes by ids and by filter (never
 * activating a record whose end has passed), the image stored around a write and the stations link replaced. The
 * module keeps its fields, its rules and its messages.
 */
export const datedCatalogue = <
  TTable extends DatedTable,
  TLink extends PgTable,
  TItem extends { id: number },
  TFilter extends ListPaging,
>(
  options: DatedCatalogueOptions<TTable, TLink, TItem, TFilter>,
) => {
  const { db, storage, clock, table, entity, recordAudit, merchants, stationLinks } = options;
  const afterWrite = options.afterWrite ?? (() => undefined);
  // Widened: Drizzle's select cannot tell whether a generic table is a selectable one.
  const source: PgTable = table;

  const load = async (ids: number[]): Promise<TItem[]> => {
    if (ids.length === 0) {
      return [];
    }
    const now = clock();
    const rows = (await db
      .select({ record: table, merchantName: merchants.name })
      .from(source)
      .leftJoin(merchants.table, eq(merchants.id, table.merchantId))
      .where(inArray(table.id, ids))) as { record: TStatusRow<TTable>; merchantName: string | null }[];
    const stationsOf = await linkedIds(db, stationLinks, ids);
    return rows.map(({ record, merchantName }) =>
      options.toItem(record, merchantName, stationsOf.get(record.id) ?? [], now),
    );
  };

  const readOne = async (id: number): Promise<TItem> => {
    const [item] = await load([id]);
    if (!item) {
      throw notFound();
    }
    return item;
  };

  /** Stores the image, runs the write, and removes the image again when the write fails. */
  const withImage = async <T>(image: UploadedImage | undefined, write: (path: string | undefined) => Promise<T>) => {
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

  /** Replaces a record's stations, each once. */
  const replaceStations = async (tx: Transaction, id: number, stationIds: readonly number[]) => {
    await tx.delete(stationLinks.table).where(eq(stationLinks.owner, id));
    if (stationIds.length > 0) {
      await tx
        .insert(stationLinks.table)
        .values([...new Set(stationIds)].map((stationId) => stationLinks.row(id, stationId)));
    }
  };

  const findRow = async (id: number): Promise<TStatusRow<TTable>> => {
    const [row] = (await db.select().from(source).where(eq(table.id, id)).limit(1)) as TStatusRow<TTable>[];
    if (!row) {
      throw notFound();
    }
    return row;
  };

  return {
    load,
    readOne,
    findRow,

    /** Inserts a record with its image, stations and audit entry (`audit` and the image's path); answers it. */
    async create(
      image: UploadedImage,
      actor: TActor,
      record: { values: (imagePath: string) => TTable['$inferInsert']; stationIds: readonly number[]; audit: object },
    ): Promise<TItem> {
      const id = await withImage(image, (imagePath = '') =>
        db.transaction(async (tx) => {
          const [row] = (await tx.insert(table).values(record.values(imagePath)).returning({ id: table.id })) as {
            id: number;
          }[];
          if (!row) {
            throw new Error(`${entity} insert returned no row`);
          }
          await replaceStations(tx, row.id, record.stationIds);
          const after = { ...record.audit, image: imagePath };
          await recordAudit(tx, { actor, action: 'create', entity, entityId: row.id, after });
          return row.id;
        }),
      );
      afterWrite();
      return readOne(id);
    },

    /**
     * Changes a record: `values`, a new image (the old file removed after the commit), its stations when `stationIds`
     * is given, and the audit entry (`before`, and `audit` with the new image's path). Answers the record.
     */
    async update(
      current: TStatusRow<TTable>,
      image: UploadedImage | undefined,
      actor: TActor,
      change: { values: Partial<TTable['$inferInsert']>; stationIds?: readonly number[]; before: TItem; audit: object },
    ): Promise<TItem> {
      const { id } = current;
      await withImage(image, (imagePath) =>
        db.transaction(async (tx) => {
          // Drizzle cannot see through a generic table that `imagePath` and `updatedAt` are among its columns.
          const values = { ...change.values, ...(imagePath !== undefined && { imagePath }), updatedAt: new Date() };
          const [row] = await tx
            .update(table)
            .set(values as PgUpdateSetSource<TTable>)
            .where(eq(table.id, id))
            .returning({ id: table.id });
          if (!row) {
            throw notFound();
          }
          if (change.stationIds) {
            await replaceStations(tx, id, change.stationIds);
          }
          const after = { ...change.audit, ...(imagePath !== undefined && { image: imagePath }) };
          await recordAudit(tx, { actor, action: 'update', entity, entityId: id, before: change.before, after });
        }),
      );
      if (image) {
        await storage.deleteFile(String(current.imagePath));
      }
      afterWrite();
      return readOne(id);
    },

    /** The service's methods that are the catalogue's alone. */
    service: {
      async list(filter: TFilter): Promise<TPaged<TItem>> {
        // The conditions follow the clock, so a remembered count could go stale without any write: counted afresh.
        const where = options.listConditions(filter, clock());
        return queryList(
          db,
          { table: source, id: table.id, where, order: descending(table.id), remember: false },
          filter,
          load,
        );
      },

      get: readOne,

      async remove(id: number, actor: TActor) {
        const deleted = await deleteWhenInactive(db, {
          table,
          id,
          entity,
          actor,
          recordAudit,
          auditChanges: options.deletedAudit,
        });
        afterWrite();
        await storage.deleteFile(String(deleted.imagePath));
      },

      async setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TItem[]> {
        const now = clock();
        const rows = await changeStatuses(db, body, {
          table,
          entity,
          actor,
          recordAudit,
          // A dated table's rows have a numeric status and a date end (DatedTable), which a generic row cannot tell.
          // Checked on the locked rows, inside the change: a record whose end has passed is never activated.
          afterUpdate: async (_tx, updated) => {
            const passed = (updated as (TStatusRow<TTable> & { status: number; endsAt: Date })[])
              .filter((row) => row.status === STATUS.active && row.endsAt <= now)
              .map((row) => row.id);
            if (passed.length > 0) {
              throw new FieldErrors({
                ids: [`${options.passedIdsMessage}:${passed.sort((a, b) => a - b).join(', ')}`],
              });
            }
          },
        });
        afterWrite();
        const items = await load(rows.map((row) => row.id));
        return items.sort((a, b) => a.id - b.id);
      },

      /** Every record the list shows with `filter` made active or inactive. */
      async setStatusesWhere({ filter, active }: { filter: TFilter; active: boolean }, actor: TActor) {
        const now = clock();
        const answer = await changeStatusesWhere(db, {
          table,
          entity,
          actor,
          recordAudit,
          where: options.listConditions(filter, now),
          active,
          afterUpdate: refusePassedActivation(table, now, options.passedIdsMessage),
        });
        afterWrite();
        return answer;
      },
    },
  };
};
