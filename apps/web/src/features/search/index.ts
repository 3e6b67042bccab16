// The header's global search (docs/product/search.md): the button and its shortcut; the dialog loads on first use.
export { GlobalSearch } from '@/features/search/GlobalSearch';
