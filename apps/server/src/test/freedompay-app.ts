import { freePort } from './free-port';
import { startFreedomPayStandIn, type StandIn } from './freedompay-stand-in';
import { createTestContext, type TestContext } from './test-app';

const PROVIDER_VARIABLES = ['FREEDOMPAY_MERCHANT_ID', 'FREEDOMPAY_SECRET_KEY', 'FREEDOMPAY_URL'] as const;

export interface AppWithFreedomPay {
  ctx: TestContext;
  standIn: StandIn;
  /** The app's own address (PUBLIC_URL): where the stand-in posts its callbacks and sends the driver back. */
  publicUrl: string;
  close(): Promise<void>;
}

/**
 * The app with FreedomPay's local stand-in as its card provider (FREEDOMPAY_* pointing at it), listening on a free port
 * of 127.0.0.1, because the stand-in posts its callbacks to the app over HTTP, as FreedomPay would. Closing stops both
 * and puts the variables back as they were: test files share a worker's process (isolate: false), and the next
 * file's app has no provider unless it sets one.
 */
export const startAppWithFreedomPay = async (merchant: {
  merchantId: string;
  secretKey: string;
}): Promise<AppWithFreedomPay> => {
  const saved = PROVIDER_VARIABLES.map((name) => [name, process.env[name]] as const);
  const standIn = await startFreedomPayStandIn(merchant);
  process.env.FREEDOMPAY_MERCHANT_ID = merchant.merchantId;
  process.env.FREEDOMPAY_SECRET_KEY = merchant.secretKey;
  process.env.FREEDOMPAY_URL = standIn.url;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({ config: { publicUrl } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return {
    ctx,
    standIn,
    publicUrl,
    close: async () => {
      await ctx.close();
      await standIn.close();
      for (const [name, value] of saved) {
        if (value === undefined) {
          delete process.env[name];
        } else {
          process.env[name] = value;
        }
      }
    },
  };
};
