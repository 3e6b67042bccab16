/**
 * The signed, expiring URLs charge points fetch firmware from and upload diagnostics to (docs/product/ocpp.md#4-states-and-rules).
 * A charge point has no dashboard session: the URL itself is the permission. Its token names the station, the file
 * (firmware) and the expiry, and carries an HMAC-SHA256 of them under a key derived from JWT_SECRET, so that every
 * server process of a network checks the others' URLs. Path segments only: some charge points drop a query string.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the routes of ocpp.firmware.routes.ts live, under the domain's prefix. */
export const FIRMWARE_DOWNLOAD_PATH = '/api/v1/ocpp/files/firmware';
export const DIAGNOSTICS_UPLOAD_PATH = '/api/v1/ocpp/files/diagnostics';

export type TFileClaims =
  | { kind: 'firmware'; stationId: number; firmwareId: number; expiresAt: Date }
  | { kind: 'diagnostics'; stationId: number; expiresAt: Date };

const MAC_LENGTH = 43;
const FIRMWARE_TOKEN = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const DIAGNOSTICS_TOKEN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const createFileUrlSigner = (secret: string) => {
  // A key of its own: a token of these URLs is never anything else's signature.
  const key = createHmac('sha256', secret).update('zaryad ocpp file urls').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const fields = (claims: TFileClaims) => {
    const expires = String(Math.floor(claims.expiresAt.getTime() / 1000));
    return claims.kind === 'firmware'
      ? [String(claims.stationId), String(claims.firmwareId), expires]
      : [String(claims.stationId), expires];
  };
  const signed = (kind: TFileClaims['kind'], values: string[]) => mac(`${kind}:${values.join(':')}`);

  return {
    /** The token of a URL: its claims and their MAC, dot-separated. */
    sign(claims: TFileClaims): string {
      const values = fields(claims);
      return [...values, signed(claims.kind, values)].join('.');
    },

    /** The claims of a token whose MAC is right and whose expiry has not passed; null otherwise. */
    verify(kind: TFileClaims['kind'], token: string, now = new Date()): TFileClaims | null {
      const match = (kind === 'firmware' ? FIRMWARE_TOKEN : DIAGNOSTICS_TOKEN).exec(token);
      if (!match) {
        return null;
      }
      const values = match.slice(1, -1);
      const given = Buffer.from(match.at(-1) ?? '', 'utf8');
      const expected = Buffer.from(signed(kind, values), 'utf8');
      if (given.length !== MAC_LENGTH || !timingSafeEqual(given, expected)) {
        return null;
      }
      const numbers = values.map(Number);
      const expiresAt = new Date((numbers.at(-1) ?? 0) * 1000);
      if (expiresAt.getTime() <= now.getTime()) {
        return null;
      }
      const stationId = numbers[0] ?? 0;
      return kind === 'firmware'
        ? { kind, stationId, firmwareId: numbers[1] ?? 0, expiresAt }
        : { kind, stationId, expiresAt };
    },
  };
};

export type FileUrlSigner = ReturnType<typeof createFileUrlSigner>;
