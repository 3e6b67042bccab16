/**
 * The wallet's card payments, from the environment (README.md, Configuration):
 * - FREEDOMPAY_MERCHANT_ID, FREEDOMPAY_SECRET_KEY: the network's FreedomPay merchant; without both, card top-ups
 *   answer 503 `payments_unavailable` and nothing is sent anywhere.
 * - FREEDOMPAY_URL: the API's base (https://api.freedompay.kg); the tests and the e2e point it at the local stand-in.
 * - PAYMENT_CHECK_AFTER_S: a payment whose callback has not come this long after its creation is asked of the
 *   provider (get_status), and again every as long while it stays open (600).
 * - PAYMENT_LIFETIME_S: how long the provider's page takes a payment (pg_lifetime, 3600); a payment still unpaid at
 *   the first status check after it is `expired`.
 * - AUTO_TOP_UP_CHECK_S: how often the drivers whose available balance fell below their automatic top-up's threshold
 *   are looked for (60).
 * - AUTO_TOP_UP_PAUSE_S: the least time between two automatic top-ups of one driver (600).
 */
export interface PaymentsConfig {
  freedomPay: { merchantId: string; secretKey: string; url: string } | null;
  checkAfterS: number;
  lifetimeS: number;
  autoTopUp: { checkS: number; pauseS: number };
}

const seconds = (value: string | undefined, fallback: number, min: number) => {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

export const readPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): PaymentsConfig => {
  const merchantId = env.FREEDOMPAY_MERCHANT_ID?.trim() ?? '';
  const secretKey = env.FREEDOMPAY_SECRET_KEY?.trim() ?? '';
  return {
    freedomPay:
      merchantId && secretKey
        ? {
            merchantId,
            secretKey,
            url: (env.FREEDOMPAY_URL?.trim() || 'https://api.freedompay.kg').replace(/\/+$/, ''),
          }
        : null,
    checkAfterS: seconds(env.PAYMENT_CHECK_AFTER_S, 600, 1),
    lifetimeS: seconds(env.PAYMENT_LIFETIME_S, 3600, 60),
    autoTopUp: {
      checkS: seconds(env.AUTO_TOP_UP_CHECK_S, 60, 1),
      pauseS: seconds(env.AUTO_TOP_UP_PAUSE_S, 600, 0),
    },
  };
};
