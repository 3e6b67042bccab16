import { textsByNamespace } from '@/locales/bundles/textsByNamespace';

/** Every English namespace in one chunk, by file name: a new file in `locales/en/` needs no registration here. */
export const texts = textsByNamespace(
  import.meta.glob<object>(['../en/*.ts', '!../en/*.test.ts'], { eager: true, import: 'default' }),
);
