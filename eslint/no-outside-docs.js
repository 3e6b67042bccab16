// Code cites the repository's own documentation (docs/: product pages, api.md, design.md, style.md), never the
// documents the project started from (SPEC.md, DESIGN.md, STYLE.md), which are not in the repository: a reader
// could not follow such a citation, and nothing would keep it true. Comments and strings (API descriptions, test
// names) are checked alike.

const OUTSIDE = /\b(SPEC|DESIGN|STYLE)\.md\b/;

const MESSAGE =
  'Cite the repository\'s docs/ (docs/product/<area>.md#N-..., docs/api.md, docs/design.md, docs/style.md), not ' +
  '{{doc}}, which is not in the repository.';

export const noOutsideDocs = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments and strings cite docs/, not documents outside the repository' },
    schema: [],
    messages: { outside: MESSAGE },
  },
  create(context) {
    const check = (node, text) => {
      const match = OUTSIDE.exec(text);
      if (match) {
        context.report({ node, messageId: 'outside', data: { doc: match[0] } });
      }
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const match = OUTSIDE.exec(comment.value);
          if (match) {
            context.report({ loc: comment.loc, messageId: 'outside', data: { doc: match[0] } });
          }
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') {
          check(node, node.value);
        }
      },
      TemplateElement(node) {
        check(node, node.value.raw);
      },
    };
  },
};
