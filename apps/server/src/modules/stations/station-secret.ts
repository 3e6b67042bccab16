import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Station passwords are the charge points' OCPP 1.6 Basic Auth secrets: the OCPP endpoint has to compare the plain
 * secret a charge point presents, so they are encrypted (AES-256-GCM), not hashed. The key comes from
 * STATION_SECRET_KEY, or is derived from the JWT secret when that is not set; changing the key source makes the
 * stored passwords unreadable, so set STATION_SECRET_KEY before rotating JWT_SECRET.
 */
export interface StationSecrets {
  encrypt(plain: string): string;
  /** Answers null for a value sealed with another key or damaged: the caller treats it as "no valid password". */
  decrypt(sealed: string): string | null;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds every ciphertext to its purpose, so that a sealed value cannot be replayed as another kind of secret.
const ASSOCIATED_DATA = Buffer.from('zaryad:station-password');

export const deriveStationKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'zaryad station passwords v1', 32));

export const createStationSecrets = (secret: string): StationSecrets => {
  const key = deriveStationKey(secret);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(ASSOCIATED_DATA);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(sealed) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || !payload) {
        return null;
      }
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) {
        return null;
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(ASSOCIATED_DATA);
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
};
