import { SignJWT } from 'jose';
import { E2E_JWT_SECRET } from '../env';

/** An access token the server signed format-wise, but expired a minute ago: what a tab left open overnight holds. */
export const mintExpiredAccessToken = (accountId: number) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(accountId))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
