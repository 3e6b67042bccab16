import { defineConfig } from '@playwright/test';
import suite from '../playwright.config';

/**
 * The screenshot tour (`*.tour.ts`: every main screen in tour/screens.tour.ts, and each domain's own states, its
 * details, modals and wizards, in `<domain>/screenshots.tour.ts`): the suite's server, browser and settings, but only
 * the tour, which the suite (`*.spec.ts`) leaves out; they are pictures for a person to look at, and what they would
 * assert the suite asserts. Run from e2e/: `npm run tour -w e2e` (or `npx playwright test -c tour/playwright.config.ts`,
 * with `--grep` for a part).
 */
export default defineConfig({
  ...suite,
  testDir: '..',
  testMatch: '**/*.tour.ts',
  retries: 0,
  timeout: 180_000,
  webServer: (Array.isArray(suite.webServer) ? suite.webServer : []).map((server) => ({
    ...server,
    // The suite's commands run from e2e/ (its config's folder); this config sits one folder down.
    cwd: server.cwd === '..' ? '../..' : '..',
  })),
});
