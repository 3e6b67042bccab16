import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_DATABASE_URL, E2E_JWT_SECRET, E2E_PORT } from './env';
import { FREEDOMPAY } from './support/freedompay';
import { geoStandinPort, geoStandinUrl } from './support/geo-standins';

const GEO_STANDIN_URL = geoStandinUrl(E2E_PORT);

/**
 * End-to-end tests drive the production build served by the real server, on a fresh embedded database,
 * in Debian's Chromium (Playwright downloads no browser here).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // One retry: on a 2-core machine shared with the server, a rare timing miss must not sink CI; Playwright still
  // lists such tests as flaky in its report.
  retries: 1,
  timeout: 30_000,
  // A heavy screen's first render takes 4-7 s on a 2-core machine running two browsers and the server (measured on a
  // quiet machine: station info's charge point panel 3.6-6.9 s after the navigation): 10 s before an expectation fails.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
    // The app honours the system's reduced motion (ThemeProvider): a dialog is where it will stay the moment it
    // shows, as a user waiting for it sees it, instead of zooming in under a click.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // App users and charges cannot be made through the API (the mobile app and the charge points make them): a few
      // are inserted first.
      command: `rm -rf "${E2E_DATA_DIR}" && mkdir -p "${E2E_DATA_DIR}" && npx tsx e2e/support/fresh-database.ts && npx tsx e2e/support/seed-users.ts && npx tsx e2e/support/seed-charges.ts && npm run build -w apps/server && npm run start -w apps/server`,
      cwd: '..',
      url: `${E2E_BASE_URL}/healthz`,
      // The seed opens (and migrates) the embedded database once before the server does: give both the time.
      timeout: 150_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: E2E_DATABASE_URL,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        JWT_SECRET: E2E_JWT_SECRET,
        PUBLIC_URL: E2E_BASE_URL,
        LOG_LEVEL: 'warn',
        // Map tiles and addresses from the local stand-ins: tests never reach the internet.
        MAP_TILE_URL: `${GEO_STANDIN_URL}/tiles/{z}/{x}/{y}.png`,
        GEOCODER_URL: GEO_STANDIN_URL,
        // Notifications retried within a test's time (docs/product/notifications.md#4-states-and-rules).
        NOTIFY_RETRY_S: '2',
        NOTIFY_POLL_MS: '300',
        // Card top-ups through the local FreedomPay stand-in; holds checked every 2 s, so that a charge whose balance
        // runs out is stopped within a test's time (docs/product/payments.md).
        FREEDOMPAY_MERCHANT_ID: FREEDOMPAY.merchantId,
        FREEDOMPAY_SECRET_KEY: FREEDOMPAY.secretKey,
        FREEDOMPAY_URL: FREEDOMPAY.url,
        HOLD_CHECK_S: '2',
      },
    },
    {
      command: 'npx tsx support/geo-standins.ts',
      url: `${GEO_STANDIN_URL}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { GEO_STANDIN_PORT: String(geoStandinPort(E2E_PORT)) },
    },
    {
      command: `npx tsx ../apps/server/src/test/freedompay-stand-in.ts --port ${FREEDOMPAY.port} --merchant ${FREEDOMPAY.merchantId} --secret ${FREEDOMPAY.secretKey}`,
      url: `${FREEDOMPAY.url}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
