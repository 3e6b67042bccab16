import { tagHooks, tagKeys } from '@/features/tags/api';
import { CatalogueListPage } from '@/features/tags/catalogue/CatalogueListPage';
import { TagEditor } from '@/features/tags/TagEditor';

/** `/tags` (SPEC.md section 2). */
export const TagsListPage = () => (
  <CatalogueListPage
    kind="tags"
    hooks={tagHooks}
    keys={tagKeys}
    renderEditor={(editing, close) => <TagEditor editing={editing} onClose={close} />}
  />
);
