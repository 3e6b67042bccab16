// The server's platform (apps/server/src/platform) is the layer every module stands on: it declares what a module may
// ask of the audit log, the mail and the file storage (platform/audit.ts, mail.ts, storage.ts), and modules implement
// them. An import from the platform into a module would turn that around and close a cycle (issue 32: fourteen files).
import { relative } from 'node:path';
import { everyImport, REPO_ROOT, toPosix } from './domain-boundaries.js';

const PLATFORM = 'apps/server/src/platform/';
const MODULES = 'apps/server/src/modules/';

export const platformBelowModules = {
  meta: {
    type: 'problem',
    docs: { description: 'The server platform imports no module: it declares interfaces that modules implement' },
    messages: {
      noModule:
        "'{{specifier}}' imports a module into the platform: declare what the platform needs in platform/ and let the module implement it.",
    },
    schema: [],
  },
  create(context) {
    const fromFile = context.filename;
    if (!toPosix(relative(REPO_ROOT, fromFile)).startsWith(PLATFORM)) {
      return {};
    }
    return everyImport(fromFile, (source, target) => {
      if (target && `${target}/`.startsWith(MODULES)) {
        context.report({ node: source, messageId: 'noModule', data: { specifier: source.value } });
      }
    });
  },
};
