/**
 * The firmware and diagnostics settings, from the environment (README.md#configuration), read when the app mounts the
 * ocpp domain:
 * - OCPP_FIRMWARE_MAX_MB: the largest firmware file staff may upload, in MB (100).
 * - OCPP_DIAGNOSTICS_MAX_MB: the largest diagnostics file a charge point may upload, in MB (20).
 * - OCPP_FILE_URL_TTL_S: how long a firmware or diagnostics URL handed to a charge point stays valid, in seconds, after
 *   its retrieve date (and its retries) for firmware, after the command for diagnostics (3600; at least 60).
 * - OCPP_FILE_BASE_URL: the address charge points reach this server at, for those URLs (PUBLIC_URL when unset).
 */
export interface FileTransferConfig {
  firmwareMaxBytes: number;
  diagnosticsMaxBytes: number;
  urlTtlS: number;
  /** Without a trailing slash. */
  baseUrl: string;
}

export const MEGABYTE = 1024 * 1024;

const integerFrom = (value: string | undefined, fallback: number, min: number, max: number) => {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max
    ? parsed
    : fallback;
};

/** An http(s) URL without its trailing slashes; PUBLIC_URL (already validated) when unset or not one. */
const baseUrlFrom = (value: string | undefined, fallback: string) => {
  const withoutSlash = (text: string) => text.replace(/\/+$/, '');
  try {
    const url = new URL(value?.trim() || fallback);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withoutSlash(url.href) : withoutSlash(fallback);
  } catch {
    return withoutSlash(fallback);
  }
};

export const readFileTransferConfig = (
  publicUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): FileTransferConfig => ({
  firmwareMaxBytes: integerFrom(env.OCPP_FIRMWARE_MAX_MB, 100, 1, 4096) * MEGABYTE,
  diagnosticsMaxBytes: integerFrom(env.OCPP_DIAGNOSTICS_MAX_MB, 20, 1, 4096) * MEGABYTE,
  urlTtlS: integerFrom(env.OCPP_FILE_URL_TTL_S, 3600, 60, 30 * 86_400),
  baseUrl: baseUrlFrom(env.OCPP_FILE_BASE_URL, publicUrl),
});
