import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** A random opaque token (refresh, password recovery): 256 bits, URL-safe. */
export const generateOpaqueToken = () => randomBytes(32).toString('base64url');

/** Only hashes of opaque tokens are stored: a leaked table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AccessTokenSigner {
  sign(accountId: number): Promise<string>;
  /** The account id of a valid token, or undefined for a forged, malformed or expired one. */
  verify(token: string): Promise<number | undefined>;
}

export const createAccessTokenSigner = (secret: string, ttlSeconds: number): AccessTokenSigner => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (accountId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : undefined;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
          return undefined;
        }
        throw error;
      }
    },
  };
};
