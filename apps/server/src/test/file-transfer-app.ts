import type { AppConfig } from '../config';
import { freePort } from './free-port';
import { createTestContext, type TestContext } from './test-app';

export interface FileTransferApp {
  context: TestContext;
  /** The address the app listens at, which the firmware and diagnostics URLs it signs name. */
  baseUrl: string;
  /** The charge points' websocket base, `ws://127.0.0.1:N/ocpp`. */
  endpoint: string;
  close(): Promise<void>;
}

/**
 * The app listening on a free port of 127.0.0.1 with OCPP_FILE_BASE_URL naming that address (and `env` besides), so
 * that a charge point can fetch the firmware URLs it is sent and upload to the diagnostics locations. Closing stops it
 * and removes the variables: test files share a worker's process (isolate: false).
 */
export const startFileTransferApp = async (
  env: Record<string, string>,
  config: Partial<AppConfig> = {},
): Promise<FileTransferApp> => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const variables = { ...env, OCPP_FILE_BASE_URL: `${baseUrl}/` };
  Object.assign(process.env, variables);
  const context = await createTestContext({ config });
  await context.app.listen({ port, host: '127.0.0.1' });
  return {
    context,
    baseUrl,
    endpoint: `ws://127.0.0.1:${port}/ocpp`,
    close: async () => {
      await context.close();
      for (const name of Object.keys(variables)) {
        delete process.env[name];
      }
    },
  };
};
