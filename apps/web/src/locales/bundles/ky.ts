import { textsByNamespace } from '@/locales/bundles/textsByNamespace';

/** Every Kyrgyz namespace in one chunk, by file name: a new file in `locales/ky/` needs no registration here. */
export const texts = textsByNamespace(
  import.meta.glob<object>(['../ky/*.ts', '!../ky/*.test.ts'], { eager: true, import: 'default' }),
);
