import { defineConfig } from '@playwright/test';
import suite from '../playwright.config';

/**
 * The screenshot tour (screens.tour.ts): the suite's server, browser and settings, but only the tour, which the suite
 * (`*.spec.ts`) leaves out. Run from e2e/: `npx playwright test -c tour/playwright.config.ts`.
 */
export default defineConfig({
  ...suite,
  testDir: '.',
  testMatch: '*.tour.ts',
  retries: 0,
  timeout: 180_000,
  webServer: (Array.isArray(suite.webServer) ? suite.webServer : []).map((server) => ({
    ...server,
    // The suite's commands run from e2e/ (its config's folder); this config sits one folder down.
    cwd: server.cwd === '..' ? '../..' : '..',
  })),
});
