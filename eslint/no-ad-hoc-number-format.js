// The web app writes every figure through one formatter, by the interface language (apps/web/src/lib/numberFormat.ts,
// issue 31): toLocaleString, toFixed, toPrecision and Intl.NumberFormat elsewhere each wrote numbers their own way
// (a Russian comma in English, a dot in Russian, thousands not grouped), so they are refused outside it.

const METHODS = new Set(['toLocaleString', 'toFixed', 'toPrecision']);

const MESSAGE =
  'Write figures with the one number formatter (useNumberFormat / numberFormat from @/lib/numberFormat), not {{what}}: ' +
  'it follows the interface language and never rounds money through a float.';

const isIntlNumberFormat = (node) =>
  node.type === 'MemberExpression' &&
  !node.computed &&
  node.object.type === 'Identifier' &&
  node.object.name === 'Intl' &&
  node.property.type === 'Identifier' &&
  node.property.name === 'NumberFormat';

export const noAdHocNumberFormat = {
  meta: {
    type: 'problem',
    docs: { description: "Figures are written by the web app's one number formatter only" },
    schema: [],
    messages: { adHoc: MESSAGE },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
        if (
          callee.type === 'MemberExpression' &&
          !callee.computed &&
          callee.property.type === 'Identifier' &&
          METHODS.has(callee.property.name)
        ) {
          context.report({ node, messageId: 'adHoc', data: { what: `${callee.property.name}()` } });
        }
      },
      MemberExpression(node) {
        if (isIntlNumberFormat(node)) {
          context.report({ node, messageId: 'adHoc', data: { what: 'Intl.NumberFormat' } });
        }
      },
    };
  },
};
