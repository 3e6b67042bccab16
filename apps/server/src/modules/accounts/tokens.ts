import { createHash, randomBytes } from 'node:crypto';

/**
 * jose loads with the first token signed or checked, not at the start: it is 0.03-0.05 s of a start that serves none
 * before its first request (docs/benchmarks.md, section 2).
 */
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

/** A random opaque token (refresh, password recovery): 256 bits, URL-safe. */
export const generateOpaqueToken = () => randomBytes(32).toString('base64url');

/** Only hashes of opaque tokens are stored: a leaked table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What an access token says: whose it is, and the sign-in (`account_sessions.id`) it belongs to. */
export interface AccessTokenClaims {
  accountId: number;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessTokenSigner {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token, or undefined for a forged, malformed or expired one, or one without a session. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

export const createAccessTokenSigner = (secret: string, ttlSeconds: number): AccessTokenSigner => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async ({ accountId, sessionId }) => {
      const { SignJWT } = await loadJose();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    verify: async (token) => {
      const { errors: joseErrors, jwtVerify } = await loadJose();
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const accountId = Number(payload.sub);
        const sessionId = payload.sid;
        if (
          !Number.isSafeInteger(accountId) ||
          accountId <= 0 ||
          typeof sessionId !== 'string' ||
          !UUID.test(sessionId)
        ) {
          return undefined;
        }
        return { accountId, sessionId };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
          return undefined;
        }
        throw error;
      }
    },
  };
};
