import { textsByNamespace } from '@/locales/bundles/textsByNamespace';

/** Every Russian namespace in one chunk, by file name: a new file in `locales/ru/` needs no registration here. */
export const texts = textsByNamespace(
  import.meta.glob<object>(['../ru/*.ts', '!../ru/*.test.ts'], { eager: true, import: 'default' }),
);
