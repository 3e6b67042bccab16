// Runs with `node --test eslint/` (part of `npm run test:unit`).
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { domainBoundaries } from './domain-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = after;

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

const server = (file) => `${import.meta.dirname}/../apps/server/src/modules/${file}`;
const web = (file) => `${import.meta.dirname}/../apps/web/src/features/${file}`;

ruleTester.run('domain-boundaries', domainBoundaries, {
  valid: [
    { filename: server('merchants/merchants.service.ts'), code: "import { stations } from '../stations';" },
    { filename: server('merchants/merchants.service.ts'), code: "import { stations } from '../stations/index';" },
    { filename: server('merchants/merchants.service.ts'), code: "import { rows } from './merchant-rows';" },
    { filename: server('merchants/merchants.service.ts'), code: "import { notFound } from '../../http/api-errors';" },
    { filename: server('stations/sub/x.ts'), code: "import { y } from '../stations.service';" },
    { filename: `${import.meta.dirname}/../apps/server/src/app.ts`, code: "import { a } from './modules/tags/tags.routes';" },
    { filename: web('stations/form/StationForm.tsx'), code: "import { MapPicker } from '@/features/map';" },
    { filename: web('stations/form/StationForm.tsx'), code: "import { x } from '@/features/stations/form/rules';" },
    { filename: web('stations/form/StationForm.tsx'), code: "import { x } from '@/components/data-table/DataTable';" },
    { filename: web('merchants/routes.tsx'), code: "const page = () => import('@/features/merchants/MerchantsListPage');" },
  ],
  invalid: [
    {
      filename: server('merchants/merchants.service.ts'),
      code: "import { stations } from '../stations/stations.tables';",
      errors: [{ messageId: 'throughIndex', data: { specifier: '../stations/stations.tables', domain: 'stations', suggestion: '../stations' } }],
    },
    {
      filename: server('stations/sub/x.ts'),
      code: "export { merchants } from '../../merchants/merchants.tables';",
      errors: [{ messageId: 'throughIndex' }],
    },
    {
      filename: web('stations/form/StationForm.tsx'),
      code: "import { useMerchant } from '@/features/merchants/api';",
      errors: [{ messageId: 'throughIndex', data: { specifier: '@/features/merchants/api', domain: 'merchants', suggestion: '@/features/merchants' } }],
    },
    {
      filename: web('stations/form/StationForm.tsx'),
      code: "const page = () => import('@/features/merchants/MerchantsListPage');",
      errors: [{ messageId: 'throughIndex' }],
    },
  ],
});
