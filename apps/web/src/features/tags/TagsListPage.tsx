import { tagHooks } from '@/features/tags/api';
import { CatalogueListPage } from '@/components/catalogue/CatalogueListPage';
import { lazy } from 'react';

// The editor (wizard, form, icon upload, contract checks) loads when it first opens, not with the list.
const TagEditor = lazy(async () => ({ default: (await import('@/features/tags/TagEditor')).TagEditor }));

/** `/tags` (docs/product/catalogues.md#2-screens). */
export const TagsListPage = () => (
  <CatalogueListPage
    kind="tags"
    hooks={tagHooks}
    renderEditor={(editing, close) => <TagEditor editing={editing} onClose={close} />}
  />
);
