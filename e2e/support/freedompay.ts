import { E2E_PORT } from '../env';

/** The FreedomPay stand-in the end-to-end server pays through (apps/server/src/test/freedompay-stand-in.ts). */
export const FREEDOMPAY = {
  port: E2E_PORT + 1100,
  merchantId: '552',
  secretKey: 'e2e-freedompay-secret',
  get url() {
    return `http://127.0.0.1:${this.port}`;
  },
} as const;
