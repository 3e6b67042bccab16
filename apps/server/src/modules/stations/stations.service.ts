import {
  STATION_LIMITS,
  type TBulkStatusBody,
  type TLanguage,
  type TStation,
  type TStationRow,
} from '@zaryad/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import { DeleteRefusedError, deleteWhenInactive } from '../../platform/delete-when-inactive';
import type { Transaction } from '../../platform/transaction';
import { isForeignKeyViolation, uniqueFieldError } from '../../platform/unique-violation';
import { recordAudit, type TActor } from '../audit';
import { adjustStationCount } from '../locations';
import type { FileStorage } from '../media';
import { normaliseSchedule } from '../schedules';
import { draftFromInput, writeConnectors } from './connectors.write';
import type { StationSecrets } from './station-secret';
import type { StationUploads, TStationCreate, TStationUpdate } from './stations.form';
import { selectStationRows, stationListConditions, type TStationListFilter } from './stations.queries';
import { findStationRecord, loadStation } from './stations.read';
import { checkReferences } from './stations.references';
import { stationEnvironment, stationMedia, stations, stationTags } from './stations.tables';

/**
 * charges.station_id's foreign key (migration 0013): named here rather than imported, since charges come after
 * stations and build on them.
 */
const CHARGES_STATION_FOREIGN_KEY = 'charges_station_id_stations_id_fk';

export interface StationsWriteContext {
  db: Database;
  storage: FileStorage;
  secrets: StationSecrets;
}

const raiseIfAny = (errors: Record<string, TMessage[]>) => {
  if (Object.keys(errors).length > 0) {
    throw new FieldErrors(errors);
  }
};

const isIdentityTaken = async (db: Pick<Database, 'select'>, identity: string, exceptId?: number) => {
  const sameIdentity = sql`lower(${stations.identity}) = lower(${identity})`;
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(exceptId === undefined ? sameIdentity : and(sameIdentity, ne(stations.id, exceptId)))
    .limit(1);
  return row !== undefined;
};

const replaceLinks = async (
  tx: Transaction,
  stationId: number,
  tagIds: number[] | undefined,
  environmentIds: number[] | undefined,
) => {
  if (tagIds !== undefined) {
    await tx.delete(stationTags).where(eq(stationTags.stationId, stationId));
    const unique = [...new Set(tagIds)];
    if (unique.length > 0) {
      await tx.insert(stationTags).values(unique.map((tagId) => ({ stationId, tagId })));
    }
  }
  if (environmentIds !== undefined) {
    await tx.delete(stationEnvironment).where(eq(stationEnvironment.stationId, stationId));
    const unique = [...new Set(environmentIds)];
    if (unique.length > 0) {
      await tx.insert(stationEnvironment).values(unique.map((surroundingId) => ({ stationId, surroundingId })));
    }
  }
};

/** Runs a write that references freshly stored files: when it is refused or fails, the files go too. */
const withUploads = async <T>(uploads: StationUploads, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    await uploads.discard();
    // Two requests raced for one identity: the case-insensitive unique index decides.
    throw (
      uniqueFieldError(error, [
        { constraint: 'stations_identity_lower_idx', field: 'identity', message: 'identity_taken' },
      ]) ?? error
    );
  }
};

/** Which list to write: the sent list, nothing when the delete flag is set, or undefined for "unchanged". */
const linkChange = (
  ids: number[] | undefined,
  isDeleted: boolean | undefined,
  field: string,
  errors: Record<string, TMessage[]>,
) => {
  if (isDeleted && ids !== undefined && ids.length > 0) {
    errors[field] = ['invalid'];
  }
  return isDeleted ? [] : ids;
};

export const createStationWrites = ({ db, storage, secrets }: StationsWriteContext) => ({
  async create(body: TStationCreate, uploads: StationUploads, actor: TActor, language: TLanguage): Promise<TStation> {
    const id = await withUploads(uploads, async () => {
      const errors = await checkReferences(db, {
        merchant: body.merchant,
        country: body.country,
        city: body.city,
        tags: body.tags,
        environment: body.environment,
        connectorTypes: body.connectors.map((connector, index) => ({
          index,
          typo: connector.typo,
          rateId: connector.rate_id,
        })),
      });
      if (await isIdentityTaken(db, body.identity)) {
        errors.identity = ['identity_taken'];
      }
      raiseIfAny(errors);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(stations)
          .values({
            merchantId: body.merchant,
            identity: body.identity,
            passwordSealed: secrets.encrypt(body.password),
            pic: body.pic,
            nameRu: body.name_ru,
            nameEn: body.name_en,
            nameKy: body.name_ky,
            addressRu: body.address_ru,
            addressEn: body.address_en,
            addressKy: body.address_ky,
            latitude: body.latitude.toFixed(6),
            longitude: body.longitude.toFixed(6),
            schedule: normaliseSchedule(body.schedule),
            manufacturer: body.manufacturer,
            executionType: body.execution_type,
            isGasStation: body.is_gas_station,
            status: body.status,
            isNew: body.is_new,
            countryId: body.country,
            cityId: body.city,
            avatarPath: uploads.avatar ?? null,
            createdBy: actor.id,
          })
          .returning({ id: stations.id });
        if (!created) {
          throw new Error('station insert returned no row');
        }
        await replaceLinks(tx, created.id, body.tags, body.environment);
        await writeConnectors(tx, created.id, body.connectors.map(draftFromInput));
        if (uploads.media.length > 0) {
          await tx
            .insert(stationMedia)
            .values(uploads.media.map((media) => ({ stationId: created.id, kind: media.kind, path: media.path })));
        }
        await adjustStationCount(tx, body.city, 1);
        // The password is recorded as "changed" (audit redaction); uploads by their stored paths.
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'station',
          entityId: created.id,
          after: {
            ...body,
            ...(uploads.avatar && { avatar: uploads.avatar }),
            ...(uploads.media.length > 0 && { media: uploads.media.map((file) => file.path) }),
          },
        });
        return created.id;
      });
    });
    return loadStation(db, id, language, storage);
  },

  /** Applies only the fields sent; files of removed media and a replaced avatar are deleted after the commit. */
  async update(
    id: number,
    body: TStationUpdate,
    uploads: StationUploads,
    actor: TActor,
    language: TLanguage,
  ): Promise<TStation> {
    const filesToDelete = await withUploads(uploads, async () => {
      const existing = await findStationRecord(db, id);
      const errors: Record<string, TMessage[]> = {};
      const tagIds = linkChange(body.tags, body.delete_tags, 'delete_tags', errors);
      const environmentIds = linkChange(body.environment, body.delete_environment, 'delete_environment', errors);
      const isPlaceChanged = body.country !== undefined || body.city !== undefined;
      Object.assign(
        errors,
        await checkReferences(db, {
          country: isPlaceChanged ? (body.country ?? existing.countryId) : undefined,
          city: isPlaceChanged ? (body.city ?? existing.cityId) : undefined,
          tags: tagIds,
          environment: environmentIds,
        }),
      );
      if (body.identity !== undefined && (await isIdentityTaken(db, body.identity, id))) {
        errors.identity = ['identity_taken'];
      }
      raiseIfAny(errors);
      return db.transaction(async (tx) => {
        // Locks the station: two edits must not both pass the media count below.
        await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, id)).for('update');
        const media = await tx.select().from(stationMedia).where(eq(stationMedia.stationId, id));
        const deletedIds = new Set(body.deleted_media_ids ?? []);
        if ([...deletedIds].some((mediaId) => !media.some((file) => file.id === mediaId))) {
          throw new FieldErrors({ deleted_media_ids: ['invalid_choice'] });
        }
        const kept = media.filter((file) => !deletedIds.has(file.id));
        if (kept.length + uploads.media.length > STATION_LIMITS.mediaMaxFiles) {
          throw new FieldErrors({ media_files: [`media_too_many:${STATION_LIMITS.mediaMaxFiles}`] });
        }
        if (![...kept, ...uploads.media].some((file) => file.kind === 'image')) {
          throw new FieldErrors({ media_files: ['media_required'] });
        }
        const values: Partial<typeof stations.$inferInsert> = {
          ...(body.identity !== undefined && { identity: body.identity }),
          ...(body.password !== undefined && { passwordSealed: secrets.encrypt(body.password) }),
          ...(body.pic !== undefined && { pic: body.pic }),
          ...(body.name_ru !== undefined && { nameRu: body.name_ru }),
          ...(body.name_en !== undefined && { nameEn: body.name_en }),
          ...(body.name_ky !== undefined && { nameKy: body.name_ky }),
          ...(body.address_ru !== undefined && { addressRu: body.address_ru }),
          ...(body.address_en !== undefined && { addressEn: body.address_en }),
          ...(body.address_ky !== undefined && { addressKy: body.address_ky }),
          ...(body.latitude !== undefined && { latitude: body.latitude.toFixed(6) }),
          ...(body.longitude !== undefined && { longitude: body.longitude.toFixed(6) }),
          ...(body.schedule !== undefined && { schedule: normaliseSchedule(body.schedule) }),
          ...(body.manufacturer !== undefined && { manufacturer: body.manufacturer }),
          ...(body.execution_type !== undefined && { executionType: body.execution_type }),
          ...(body.is_gas_station !== undefined && { isGasStation: body.is_gas_station }),
          ...(body.status !== undefined && { status: body.status }),
          ...(body.is_new !== undefined && { isNew: body.is_new }),
          ...(body.country !== undefined && { countryId: body.country }),
          ...(body.city !== undefined && { cityId: body.city }),
          ...(uploads.avatar !== undefined && { avatarPath: uploads.avatar }),
        };
        await tx
          .update(stations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(stations.id, id));
        await replaceLinks(tx, id, tagIds, environmentIds);
        if (deletedIds.size > 0) {
          await tx.delete(stationMedia).where(inArray(stationMedia.id, [...deletedIds]));
        }
        if (uploads.media.length > 0) {
          await tx
            .insert(stationMedia)
            .values(uploads.media.map((file) => ({ stationId: id, kind: file.kind, path: file.path })));
        }
        if (body.city !== undefined && body.city !== existing.cityId) {
          await adjustStationCount(tx, existing.cityId, -1);
          await adjustStationCount(tx, body.city, 1);
        }
        // Station columns are the before (the table row, read as the API names it); the password shows as "changed";
        // media by their stored paths.
        const isMediaChanged = deletedIds.size > 0 || uploads.media.length > 0;
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'station',
          entityId: id,
          before: {
            ...existing,
            country: existing.countryId,
            city: existing.cityId,
            avatar: existing.avatarPath,
            media: media.map((file) => file.path),
          },
          after: {
            ...body,
            ...(body.latitude !== undefined && { latitude: body.latitude.toFixed(6) }),
            ...(body.longitude !== undefined && { longitude: body.longitude.toFixed(6) }),
            ...(uploads.avatar !== undefined && { avatar: uploads.avatar }),
            ...(isMediaChanged && { media: [...kept, ...uploads.media].map((file) => file.path) }),
          },
        });
        const removed = media.filter((file) => deletedIds.has(file.id)).map((file) => file.path);
        return uploads.avatar !== undefined && existing.avatarPath ? [...removed, existing.avatarPath] : removed;
      });
    });
    await Promise.all(filesToDelete.map((path) => storage.deleteFile(path)));
    return loadStation(db, id, language, storage);
  },

  /**
   * Refuses (a 400 array body) while the station is active, and when charges were made at it (they are the turnover's
   * record and keep pointing at it); deletes its files after the commit.
   */
  async remove(id: number, actor: TActor) {
    // Read first: the media rows go with the station, their files only after the commit.
    const media = await db.select({ path: stationMedia.path }).from(stationMedia).where(eq(stationMedia.stationId, id));
    let deleted;
    try {
      deleted = await deleteWhenInactive(db, {
        table: stations,
        id,
        entity: 'station',
        actor,
        recordAudit,
        refusal: 'active_station_delete',
        auditChanges: (row) => ({ identity: row.identity }),
        afterDelete: (tx, row) => adjustStationCount(tx, row.cityId, -1),
      });
    } catch (error) {
      // The database decides, so a charge started while the delete runs is covered too; the whole delete rolls back.
      throw isForeignKeyViolation(error, CHARGES_STATION_FOREIGN_KEY)
        ? new DeleteRefusedError(['station_has_charges'])
        : error;
    }
    const paths = [...media.map((file) => file.path), ...(deleted.avatarPath ? [deleted.avatarPath] : [])];
    await Promise.all(paths.map((path) => storage.deleteFile(path)));
  },

  async setStatuses(body: TBulkStatusBody, actor: TActor, language: TLanguage): Promise<TStationRow[]> {
    const updated = await changeStatuses(db, body, { table: stations, entity: 'station', actor, recordAudit });
    const ids = updated.map((row) => row.id);
    const rows = await selectStationRows(db, storage, inArray(stations.id, ids), language);
    // In id order, as every other status change answers.
    return rows.sort((a, b) => a.id - b.id);
  },

  /** Every station the merchant's table shows with `filter` (issue 31). */
  async setStatusesWhere(
    { filter, active }: { filter: TStationListFilter; active: boolean },
    actor: TActor,
  ): Promise<{ updated: number }> {
    const where = await stationListConditions(db, filter);
    return changeStatusesWhere(db, { table: stations, entity: 'station', actor, recordAudit, where, active });
  },
});

export type StationWrites = ReturnType<typeof createStationWrites>;
