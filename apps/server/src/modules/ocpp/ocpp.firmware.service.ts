/**
 * Firmware updates and diagnostics of charge points (OCPP 1.6 Firmware Management; docs/product/ocpp.md sections 3,
 * 4 and 7): firmware files staff upload, served to charge points from signed, expiring URLs; UpdateFirmware and
 * GetDiagnostics turned from the dashboard's payloads into OCPP messages with those URLs; diagnostics files kept per
 * station; and each station's progress as its charge point reports it.
 */
import type { TPaged } from '@zaryad/contracts';
import type { TChargePointCommandBody } from '@zaryad/contracts/ocpp';
import type {
  TDiagnosticsFile,
  TDiagnosticsStatus,
  TFirmwareDiagnosticsProgress,
  TFirmwareFile,
  TFirmwareStatus,
} from '@zaryad/contracts/ocpp-firmware';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { PrivateFileStorage, StoredFile } from '../../platform/storage';
import { accounts } from '../accounts';
import { recordAudit, type TActor } from '../audit';
import type { FileTransferConfig } from './ocpp.firmware.config';
import { diagnosticsFiles, firmwareFiles, firmwareProgress } from './ocpp.firmware.tables';
import { readFirmwareForm, receiveDiagnostics } from './ocpp.firmware.uploads';
import type { PreparedCommand } from './ocpp.service';
import { DIAGNOSTICS_UPLOAD_PATH, FIRMWARE_DOWNLOAD_PATH, type FileUrlSigner } from './ocpp.firmware.urls';

export interface FileTransferOptions {
  db: Database;
  firmwareStorage: PrivateFileStorage;
  diagnosticsStorage: PrivateFileStorage;
  config: FileTransferConfig;
  signer: FileUrlSigner;
  /** The time URLs are signed and checked at; tests pass their own. */
  now?: () => Date;
}

/** A file to send: its name, size and bytes. */
export interface FileToSend {
  fileName: string;
  file: StoredFile;
}

const pageOf = <T>(items: T[], total: number, page: number, size: number): TPaged<T> => ({
  items,
  page,
  pages: Math.max(1, Math.ceil(total / size)),
  size,
  total,
});

const accountName = (firstName: string | null, lastName: string | null) =>
  firstName === null ? null : `${lastName ?? ''} ${firstName}`.trim();

const toDiagnosticsFile = (row: typeof diagnosticsFiles.$inferSelect): TDiagnosticsFile => ({
  id: row.id,
  station_id: row.stationId,
  file_name: row.fileName,
  size_bytes: row.sizeBytes,
  created_at: row.createdAt.toISOString(),
});

type TProgressValues = Omit<Partial<typeof firmwareProgress.$inferInsert>, 'stationId'>;

const writeProgress = async (db: Database, stationId: number, values: TProgressValues) => {
  await db
    .insert(firmwareProgress)
    .values({ stationId, ...values })
    .onConflictDoUpdate({ target: firmwareProgress.stationId, set: values });
};

/** A FirmwareStatusNotification's or DiagnosticsStatusNotification's status: the station's progress line. */
export const recordTransferStatus = (
  db: Database,
  stationId: number,
  kind: 'firmware' | 'diagnostics',
  status: string,
  at = new Date(),
) =>
  writeProgress(
    db,
    stationId,
    kind === 'firmware'
      ? { firmwareStatus: status, firmwareStatusAt: at }
      : { diagnosticsStatus: status, diagnosticsStatusAt: at },
  );

export const createFileTransfers = (options: FileTransferOptions) => {
  const { db, firmwareStorage, diagnosticsStorage, config, signer } = options;
  const now = options.now ?? (() => new Date());

  const firmwareSelection = {
    file: firmwareFiles,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
  };
  const toFirmwareFile = ({
    file,
    firstName,
    lastName,
  }: {
    file: typeof firmwareFiles.$inferSelect;
    firstName: string | null;
    lastName: string | null;
  }): TFirmwareFile => ({
    id: file.id,
    file_name: file.fileName,
    version: file.version,
    size_bytes: file.sizeBytes,
    sha256: file.sha256,
    created_at: file.createdAt.toISOString(),
    account: accountName(firstName, lastName),
  });

  const findFirmware = async (id: number) => {
    const [row] = await db.select().from(firmwareFiles).where(eq(firmwareFiles.id, id)).limit(1);
    if (!row) {
      throw new ApiError(404, 'firmware_not_found');
    }
    return row;
  };

  /** A stored file's bytes, or 404 when the storage lost them (a restored database without its uploads). */
  const opened = async (storage: PrivateFileStorage, path: string, fileName: string): Promise<FileToSend> => {
    const file = await storage.open(path);
    if (!file) {
      throw new ApiError(404, 'file_missing');
    }
    return { fileName, file };
  };

  /** Records what the dashboard asked of the station, for its progress line. */
  const noteRequest = (stationId: number, values: TProgressValues) => writeProgress(db, stationId, values);

  const secondsFrom = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

  return {
    /** The largest firmware file staff may upload (OCPP_FIRMWARE_MAX_MB). */
    firmwareMaxBytes: config.firmwareMaxBytes,

    async listFirmware(page: number, size: number): Promise<TPaged<TFirmwareFile>> {
      const [total] = await db.select({ total: count() }).from(firmwareFiles);
      const rows = await db
        .select(firmwareSelection)
        .from(firmwareFiles)
        .leftJoin(accounts, eq(accounts.id, firmwareFiles.accountId))
        .orderBy(desc(firmwareFiles.createdAt), desc(firmwareFiles.id))
        .limit(size)
        .offset((page - 1) * size);
      return pageOf(rows.map(toFirmwareFile), Number(total?.total ?? 0), page, size);
    },

    /** Reads staff's multipart form, keeps the file and answers its record. */
    async uploadFirmware(request: FastifyRequest, actor: TActor): Promise<TFirmwareFile> {
      const upload = await readFirmwareForm(request, firmwareStorage, config.firmwareMaxBytes);
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(firmwareFiles)
            .values({
              fileName: upload.fileName,
              version: upload.version || null,
              path: upload.path,
              sizeBytes: upload.sizeBytes,
              sha256: upload.sha256,
              accountId: actor.id,
            })
            .returning();
          if (!row) {
            throw new Error('firmware file not inserted');
          }
          await recordAudit(tx, {
            actor,
            action: 'create',
            entity: 'firmware',
            entityId: row.id,
            after: { file_name: row.fileName, version: row.version, size_bytes: row.sizeBytes, sha256: row.sha256 },
          });
          return row;
        });
        const [row] = await db
          .select(firmwareSelection)
          .from(firmwareFiles)
          .leftJoin(accounts, eq(accounts.id, firmwareFiles.accountId))
          .where(eq(firmwareFiles.id, created.id));
        return toFirmwareFile(row ?? { file: created, firstName: null, lastName: null });
      } catch (error) {
        await firmwareStorage.deleteFile(upload.path);
        throw error;
      }
    },

    /** Deletes the record and then its file; a URL already handed out answers 404 from then on. */
    async removeFirmware(id: number, actor: TActor): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(firmwareFiles).where(eq(firmwareFiles.id, id)).returning();
        if (!row) {
          throw new ApiError(404, 'firmware_not_found');
        }
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'firmware',
          entityId: row.id,
          before: { file_name: row.fileName, version: row.version, size_bytes: row.sizeBytes, sha256: row.sha256 },
        });
        return row;
      });
      await firmwareStorage.deleteFile(removed.path);
    },

    /** A firmware file for staff to download. */
    async firmwareFile(id: number): Promise<FileToSend> {
      const row = await findFirmware(id);
      return opened(firmwareStorage, row.path, row.fileName);
    },

    /** The firmware a charge point's signed URL names, or 403 when the token is wrong or expired. */
    async firmwareForChargePoint(token: string): Promise<FileToSend> {
      const claims = signer.verify('firmware', token, now());
      if (claims?.kind !== 'firmware') {
        throw new ApiError(403, 'file_link_invalid');
      }
      const row = await findFirmware(claims.firmwareId);
      return opened(firmwareStorage, row.path, row.fileName);
    },

    /** Keeps the diagnostics file a charge point sends to its signed location; 403 when the token is wrong or expired. */
    async receiveDiagnostics(request: FastifyRequest, token: string, pathName: string | undefined) {
      const claims = signer.verify('diagnostics', token, now());
      if (!claims) {
        throw new ApiError(403, 'file_link_invalid');
      }
      const upload = await receiveDiagnostics(request, diagnosticsStorage, config.diagnosticsMaxBytes, pathName);
      try {
        const [row] = await db
          .insert(diagnosticsFiles)
          .values({
            stationId: claims.stationId,
            fileName: upload.fileName,
            path: upload.path,
            sizeBytes: upload.sizeBytes,
          })
          .returning();
        if (!row) {
          throw new Error('diagnostics file not inserted');
        }
        return toDiagnosticsFile(row);
      } catch (error) {
        // The station was deleted meanwhile (its id no longer exists): nothing is kept.
        await diagnosticsStorage.deleteFile(upload.path);
        throw error;
      }
    },

    async listDiagnostics(stationId: number, page: number, size: number): Promise<TPaged<TDiagnosticsFile>> {
      const where = eq(diagnosticsFiles.stationId, stationId);
      const [total] = await db.select({ total: count() }).from(diagnosticsFiles).where(where);
      const rows = await db
        .select()
        .from(diagnosticsFiles)
        .where(where)
        .orderBy(desc(diagnosticsFiles.createdAt), desc(diagnosticsFiles.id))
        .limit(size)
        .offset((page - 1) * size);
      return pageOf(rows.map(toDiagnosticsFile), Number(total?.total ?? 0), page, size);
    },

    async diagnosticsFile(stationId: number, fileId: number): Promise<FileToSend> {
      const [row] = await db
        .select()
        .from(diagnosticsFiles)
        .where(and(eq(diagnosticsFiles.id, fileId), eq(diagnosticsFiles.stationId, stationId)))
        .limit(1);
      if (!row) {
        throw new ApiError(404, 'diagnostics_not_found');
      }
      return opened(diagnosticsStorage, row.path, row.fileName);
    },

    async progress(stationId: number): Promise<TFirmwareDiagnosticsProgress> {
      const [row] = await db
        .select({ progress: firmwareProgress, file: firmwareFiles })
        .from(firmwareProgress)
        .leftJoin(firmwareFiles, eq(firmwareFiles.id, firmwareProgress.requestedFirmwareId))
        .where(eq(firmwareProgress.stationId, stationId));
      const [lastFile] = await db
        .select()
        .from(diagnosticsFiles)
        .where(eq(diagnosticsFiles.stationId, stationId))
        .orderBy(desc(diagnosticsFiles.createdAt), desc(diagnosticsFiles.id))
        .limit(1);
      const progress = row?.progress;
      const file = row?.file;
      return {
        station_id: stationId,
        firmware: {
          status: (progress?.firmwareStatus ?? null) as TFirmwareStatus | null,
          status_at: progress?.firmwareStatusAt?.toISOString() ?? null,
          requested: file ? { id: file.id, file_name: file.fileName, version: file.version } : null,
          requested_at: progress?.firmwareRequestedAt?.toISOString() ?? null,
          retrieve_date: progress?.retrieveDate?.toISOString() ?? null,
        },
        diagnostics: {
          status: (progress?.diagnosticsStatus ?? null) as TDiagnosticsStatus | null,
          status_at: progress?.diagnosticsStatusAt?.toISOString() ?? null,
          requested_at: progress?.diagnosticsRequestedAt?.toISOString() ?? null,
          last_file: lastFile ? toDiagnosticsFile(lastFile) : null,
        },
      };
    },

    /**
     * The OCPP message of a command from the dashboard: UpdateFirmware's `firmwareId` becomes `location`, a URL valid
     * until its retrieve date, its retries and OCPP_FILE_URL_TTL_S have passed; GetDiagnostics gets `location`, an
     * upload URL valid for OCPP_FILE_URL_TTL_S after its retries. Every other action is prepared by `otherwise`.
     */
    async prepareCommand(
      stationId: number,
      body: TChargePointCommandBody,
      otherwise: () => Promise<PreparedCommand>,
    ): Promise<PreparedCommand> {
      const sentAt = now();
      if (body.action === 'UpdateFirmware') {
        const { firmwareId, retrieveDate, retries, retryInterval } = body.payload;
        const firmware = await findFirmware(firmwareId);
        const retrieveAt = retrieveDate === undefined ? sentAt : new Date(retrieveDate);
        const from = retrieveAt > sentAt ? retrieveAt : sentAt;
        const expiresAt = secondsFrom(from, config.urlTtlS + (retries ?? 0) * (retryInterval ?? 0));
        const token = signer.sign({ kind: 'firmware', stationId, firmwareId, expiresAt });
        await noteRequest(stationId, {
          requestedFirmwareId: firmware.id,
          firmwareRequestedAt: sentAt,
          retrieveDate: retrieveAt,
        });
        return {
          action: body.action,
          payload: {
            location: `${config.baseUrl}${FIRMWARE_DOWNLOAD_PATH}/${token}/${firmware.fileName}`,
            retrieveDate: retrieveAt.toISOString(),
            ...(retries === undefined ? {} : { retries }),
            ...(retryInterval === undefined ? {} : { retryInterval }),
          },
        };
      }
      if (body.action === 'GetDiagnostics') {
        const { retries, retryInterval, ...period } = body.payload;
        const expiresAt = secondsFrom(sentAt, config.urlTtlS + (retries ?? 0) * (retryInterval ?? 0));
        const token = signer.sign({ kind: 'diagnostics', stationId, expiresAt });
        await noteRequest(stationId, { diagnosticsRequestedAt: sentAt });
        return {
          action: body.action,
          payload: {
            location: `${config.baseUrl}${DIAGNOSTICS_UPLOAD_PATH}/${token}/`,
            ...(retries === undefined ? {} : { retries }),
            ...(retryInterval === undefined ? {} : { retryInterval }),
            ...period,
          },
        };
      }
      return otherwise();
    },
  };
};

export type FileTransfers = ReturnType<typeof createFileTransfers>;
