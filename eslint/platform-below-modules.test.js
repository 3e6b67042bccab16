// Runs with `node --test eslint/` (part of `npm run test:unit`).
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { platformBelowModules } from './platform-below-modules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = after;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const server = (file) => `${import.meta.dirname}/../apps/server/src/${file}`;

ruleTester.run('platform-below-modules', platformBelowModules, {
  valid: [
    { filename: server('platform/bulk-status.ts'), code: "import type { RecordAudit } from './audit';" },
    { filename: server('platform/bulk-status.ts'), code: "import { ApiError } from '../http/api-errors';" },
    { filename: server('platform/export/csv.ts'), code: "import { csvCell } from '../csv';" },
    { filename: server('platform/domain.ts'), code: "import type { Database } from '../db/client';" },
    // Modules stand on the platform; other layers may name modules.
    {
      filename: server('modules/tags/tags.service.ts'),
      code: "import { changeStatuses } from '../../platform/bulk-status';",
    },
    { filename: server('app.ts'), code: "import { DOMAINS } from './modules';" },
    // A folder merely named like one is no module.
    { filename: server('platform/domain.ts'), code: "import { x } from './modules-list';" },
  ],
  invalid: [
    {
      filename: server('platform/bulk-status.ts'),
      code: "import { recordAudit, type TActor } from '../modules/audit';",
      errors: [{ messageId: 'noModule', data: { specifier: '../modules/audit' } }],
    },
    {
      filename: server('platform/domain.ts'),
      code: "import type { Mailer } from '../modules/mail/mail.service';",
      errors: [{ messageId: 'noModule' }],
    },
    {
      filename: server('platform/export/http.ts'),
      code: "export { x } from '../../modules';",
      errors: [{ messageId: 'noModule' }],
    },
    {
      filename: server('platform/period-end.ts'),
      code: "const audit = () => import('../modules/audit');",
      errors: [{ messageId: 'noModule' }],
    },
  ],
});
