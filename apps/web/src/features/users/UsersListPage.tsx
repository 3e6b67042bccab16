import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { FilterChips } from '@/components/saved-views/FilterChips';
import { SavedViews } from '@/components/saved-views/SavedViews';
import { userHooks, USERS_PATH } from '@/features/users/api';
import { useUserColumns } from '@/features/users/useUserColumns';
import { PANEL_FILTERS, USER_FILTERS } from '@/features/users/userFilters';
import { useUserChips } from '@/features/users/useUserChips';

// The date and time pickers (with dayjs) load when the panel is first unfolded, not with the list.
const UserFiltersPanel = lazy(async () => ({
  default: (await import('@/features/users/UserFiltersPanel')).UserFiltersPanel,
}));

/**
 * `/users`: the app's drivers, searched (debounced, back to page 1) and filtered in a foldable panel, every value
 * in the URL; bulk block/unblock; xlsx and csv exports of what the filters select.
 */
export const UsersListPage = () => {
  const { t } = useTranslation('users');
  const state = useListPage({ filters: USER_FILTERS, hooks: userHooks, permission: 'users' });
  const columns = useUserColumns();
  const chips = useUserChips();

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="users"
      search={{ placeholder: t('list.search'), width: 340 }}
      statusFilter
      wording="blocking"
      panel={{ id: 'user-filters', keys: PANEL_FILTERS, content: <UserFiltersPanel list={state.list} /> }}
      exports={{ path: `${USERS_PATH}export/`, fileName: 'users' }}
      actions={<SavedViews list="users" />}
      summary={<FilterChips definitions={chips} />}
    />
  );
};
