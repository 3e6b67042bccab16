import { z } from 'zod';
import { ZPageQuery, zPaged } from './common';
import { registerMessages } from './messages';
import { zCommand } from './ocpp-command';
import { OCPP_FIRMWARE_MESSAGES } from './ocpp-firmware.messages';
import { zIdText, zOptionalText } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(OCPP_FIRMWARE_MESSAGES);

/**
 * Charge points' firmware and diagnostics (OCPP 1.6 Firmware Management profile; docs/product/ocpp.md sections 3, 4
 * and 7): firmware files uploaded by staff and served to charge points from signed, expiring URLs; diagnostics files
 * uploaded by charge points to signed, size-limited locations; the progress each charge point reports.
 */

/** OCPP 1.6 FirmwareStatusNotification's statuses. */
export const FIRMWARE_STATUSES = [
  'Downloaded',
  'DownloadFailed',
  'Downloading',
  'Idle',
  'InstallationFailed',
  'Installed',
  'Installing',
] as const;
export type TFirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

/** OCPP 1.6 DiagnosticsStatusNotification's statuses. */
export const DIAGNOSTICS_STATUSES = ['Idle', 'Uploaded', 'UploadFailed', 'Uploading'] as const;
export type TDiagnosticsStatus = (typeof DIAGNOSTICS_STATUSES)[number];

/** How far ahead an UpdateFirmware's retrieveDate may be. */
export const RETRIEVE_DATE_MAX_DAYS = 365;

/** An uploaded firmware file as staff see it. */
export const ZFirmwareFile = z.object({
  id: z.number().int(),
  /** The name it was uploaded with; the charge point's URL ends with it. */
  file_name: z.string(),
  version: z.string().nullable(),
  size_bytes: z.number().int(),
  /** SHA-256 of its bytes, hex. */
  sha256: z.string(),
  created_at: z.string(),
  /** Who uploaded it ("Last First"); null once that account is gone. */
  account: z.string().nullable(),
});
export type TFirmwareFile = z.infer<typeof ZFirmwareFile>;
export const ZFirmwareFilePage = zPaged(ZFirmwareFile);
export const ZFirmwareFileQuery = ZPageQuery.pick({ page: true, size: true });

/** The text fields of POST /ocpp/firmware/ (multipart, with the file `file`). */
export const ZFirmwareUploadFields = z.object({ version: zOptionalText(50).optional() });

/** A diagnostics file a charge point uploaded. */
export const ZDiagnosticsFile = z.object({
  id: z.number().int(),
  station_id: z.number().int(),
  /** The name the charge point gave it. */
  file_name: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type TDiagnosticsFile = z.infer<typeof ZDiagnosticsFile>;
export const ZDiagnosticsFilePage = zPaged(ZDiagnosticsFile);
export const ZDiagnosticsFileParams = z.object({ id: zIdText(), fileId: zIdText() });

/** GET /ocpp/stations/{id}/firmware-diagnostics/: a station's firmware and diagnostics progress. */
export const ZFirmwareDiagnosticsProgress = z.object({
  station_id: z.number().int(),
  firmware: z.object({
    /** The last FirmwareStatusNotification's status and when it came; null: none yet. */
    status: z.enum(FIRMWARE_STATUSES).nullable(),
    status_at: z.string().nullable(),
    /** The firmware of the last UpdateFirmware sent from the dashboard; null when none, or deleted since. */
    requested: ZFirmwareFile.pick({ id: true, file_name: true, version: true }).nullable(),
    requested_at: z.string().nullable(),
    retrieve_date: z.string().nullable(),
  }),
  diagnostics: z.object({
    /** The last DiagnosticsStatusNotification's status and when it came; null: none yet. */
    status: z.enum(DIAGNOSTICS_STATUSES).nullable(),
    status_at: z.string().nullable(),
    /** When the last GetDiagnostics was sent from the dashboard. */
    requested_at: z.string().nullable(),
    /** The newest file the charge point uploaded. */
    last_file: ZDiagnosticsFile.nullable(),
  }),
});
export type TFirmwareDiagnosticsProgress = z.infer<typeof ZFirmwareDiagnosticsProgress>;

const dateTime = () => z.iso.datetime({ offset: true, message: 'date_invalid' });
const retries = z.number().int().min(0).max(10).optional();
/** Seconds between retries. */
const retryInterval = z.number().int().min(0).max(86_400).optional();

/**
 * The command call's actions of the Firmware Management profile (members of ZChargePointCommandBody). The server
 * turns each into its OCPP message: UpdateFirmware's `firmwareId` (an uploaded file) into `location`, a signed URL
 * the charge point downloads it from; GetDiagnostics gets `location`, a signed URL it uploads its file to.
 */
export const FIRMWARE_COMMANDS = [
  zCommand(
    'UpdateFirmware',
    z.object({
      firmwareId: z.number().int().min(1).max(2_147_483_647),
      /** When the charge point should fetch it; now when absent. */
      retrieveDate: dateTime()
        .refine((value) => Date.parse(value) <= Date.now() + RETRIEVE_DATE_MAX_DAYS * 86_400_000, {
          message: `retrieve_date_too_far:${RETRIEVE_DATE_MAX_DAYS}`,
        })
        .optional(),
      retries,
      retryInterval,
    }),
  ),
  zCommand(
    'GetDiagnostics',
    z
      .object({ startTime: dateTime().optional(), stopTime: dateTime().optional(), retries, retryInterval })
      .refine(
        ({ startTime, stopTime }) =>
          startTime === undefined || stopTime === undefined || Date.parse(stopTime) > Date.parse(startTime),
        { path: ['stopTime'], message: 'diagnostics_period_invalid' },
      ),
  ),
] as const;
