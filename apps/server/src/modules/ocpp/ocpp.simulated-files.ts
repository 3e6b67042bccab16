/**
 * The simulated charge point's Firmware Management profile (docs/product/ocpp.md#4-states-and-rules): UpdateFirmware
 * downloads the file from its location over HTTP at the retrieve date (with the retries asked), reports Downloading,
 * Downloaded, Installing, restarts with the new firmware version and reports Installed (DownloadFailed when the
 * download does not succeed); GetDiagnostics names a file, uploads a small log to the location (an HTTP PUT of the
 * file's name under it) and reports Uploading, then Uploaded or UploadFailed.
 */
import { createHash } from 'node:crypto';

/**
 * What this file needs of the simulated charge point (ocpp.simulated-charge-point.ts, which imports this file): named
 * here by shape, so that the two do not import each other.
 */
interface SimulatedChargePoint {
  readonly identity: string;
  readonly connectors: number[];
  readonly localList: { version: number };
  readonly profiles: readonly unknown[];
  firmwareVersion: string;
  firmwareStatus: string;
  diagnosticsStatus: string;
  sent: number;
  lost: number;
  call<T>(action: string, payload: object): Promise<T>;
  restart(reason: 'Reboot'): Promise<unknown>;
  answer<T extends object>(action: string, handler: (params: T) => object | Promise<object>): void;
  later(work: () => Promise<unknown>, ms?: number): void;
}

/** How long one download or upload may take. */
const TRANSFER_TIMEOUT_MS = 30_000;
/** setTimeout's longest wait. */
const LONGEST_WAIT_MS = 2_147_483_647;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The version a firmware file names (`zr60-1.5.2.bin`: 1.5.2), else one made of its bytes' digest. */
export const firmwareVersionOf = (location: string, bytes: Buffer) => {
  const name = decodeURIComponent(new URL(location).pathname.split('/').pop() ?? '');
  const named = /(\d+\.\d+(?:\.\d+)*(?:[-+][A-Za-z0-9.]+)?)/.exec(name)?.[1];
  return named ?? `sim-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}`;
};

/** Tries `attempt` once and then `retries` more times, `retryIntervalS` apart; answers its result or null. */
const withRetries = async <T>(attempt: () => Promise<T>, retries = 0, retryIntervalS = 0): Promise<T | null> => {
  for (let tried = 0; tried <= retries; tried += 1) {
    try {
      return await attempt();
    } catch {
      if (tried < retries) {
        await pause(retryIntervalS * 1000);
      }
    }
  }
  return null;
};

/** Where a diagnostics file goes: its name under the location (a directory, as OCPP 1.6 describes it). */
export const uploadUrlOf = (location: string, fileName: string) => {
  const url = new URL(location);
  url.pathname = `${url.pathname.replace(/\/?$/, '/')}${encodeURIComponent(fileName)}`;
  return url.toString();
};

export const answerFileCommands = (cp: SimulatedChargePoint) => {
  const firmwareStatus = async (status: string) => {
    cp.firmwareStatus = status;
    await cp.call('FirmwareStatusNotification', { status });
  };
  const diagnosticsStatus = async (status: string) => {
    cp.diagnosticsStatus = status;
    await cp.call('DiagnosticsStatusNotification', { status });
  };

  const updateFirmware = async (location: string, retries?: number, retryInterval?: number) => {
    await firmwareStatus('Downloading');
    const bytes = await withRetries(
      async () => {
        const response = await fetch(location, { signal: AbortSignal.timeout(TRANSFER_TIMEOUT_MS) });
        if (!response.ok) {
          throw new Error(`download answered ${response.status}`);
        }
        return Buffer.from(await response.arrayBuffer());
      },
      retries,
      retryInterval,
    );
    if (!bytes) {
      await firmwareStatus('DownloadFailed');
      return;
    }
    await firmwareStatus('Downloaded');
    await pause(200);
    await firmwareStatus('Installing');
    await pause(300);
    cp.firmwareVersion = firmwareVersionOf(location, bytes);
    await cp.restart('Reboot');
    await firmwareStatus('Installed');
  };

  cp.answer<{ location: string; retrieveDate: string; retries?: number; retryInterval?: number }>(
    'UpdateFirmware',
    ({ location, retrieveDate, retries, retryInterval }) => {
      const wait = Math.min(Math.max(0, Date.parse(retrieveDate) - Date.now()), LONGEST_WAIT_MS);
      cp.later(() => updateFirmware(location, retries, retryInterval), Math.max(wait, 50));
      return {};
    },
  );

  cp.answer<{ location: string; retries?: number; retryInterval?: number; startTime?: string; stopTime?: string }>(
    'GetDiagnostics',
    ({ location, retries, retryInterval, startTime, stopTime }) => {
      const fileName = `diagnostics-${cp.identity}-${new Date().toISOString().replace(/[:.]/g, '-')}.log`;
      const log = [
        `charge point ${cp.identity}, firmware ${cp.firmwareVersion}`,
        `period ${startTime ?? 'start'} .. ${stopTime ?? 'now'}`,
        `connectors ${cp.connectors.join(',')}`,
        `calls sent ${cp.sent}, unanswered ${cp.lost}`,
        `local list version ${cp.localList.version}, charging profiles ${cp.profiles.length}`,
        '',
      ].join('\n');
      cp.later(async () => {
        await diagnosticsStatus('Uploading');
        const uploaded = await withRetries(
          async () => {
            const response = await fetch(uploadUrlOf(location, fileName), {
              method: 'PUT',
              headers: { 'content-type': 'application/octet-stream' },
              body: log,
              signal: AbortSignal.timeout(TRANSFER_TIMEOUT_MS),
            });
            if (!response.ok) {
              throw new Error(`upload answered ${response.status}`);
            }
            return true;
          },
          retries,
          retryInterval,
        );
        await diagnosticsStatus(uploaded ? 'Uploaded' : 'UploadFailed');
      });
      return { fileName };
    },
  );
};
