import { FilterOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '@/components/export/ExportButtons';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { useCan } from '@/components/permissions/permissions';
import { userHooks, USERS_PATH } from '@/features/users/api';
import { useUserColumns } from '@/features/users/useUserColumns';
import { PANEL_FILTERS, USER_FILTERS } from '@/features/users/userFilters';
import type { TQuery } from '@/lib/api';

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
  const canExport = useCan('users.export');
  const state = useListPage({ filters: USER_FILTERS, hooks: userHooks, permission: 'users' });
  const columns = useUserColumns();
  const { list } = state;
  const panelCount = PANEL_FILTERS.filter((key) => list.filters[key] !== undefined).length;
  // A link that already filters opens with its panel unfolded, so that what narrows the list is in view.
  const [isPanelOpen, setPanelOpen] = useState(panelCount > 0);
  const { page: _page, size: _size, ...exportQuery } = list.query;

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      search={{ placeholder: t('list.search'), width: 340 }}
      statusFilter
      wording="blocking"
      filters={
        <Button
          icon={<FilterOutlined aria-hidden />}
          aria-expanded={isPanelOpen}
          aria-controls="user-filters"
          type={panelCount > 0 ? 'primary' : 'default'}
          ghost={panelCount > 0}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {isPanelOpen
            ? t('filters.hide')
            : panelCount > 0
              ? t('filters.showCount', { count: panelCount })
              : t('filters.show')}
        </Button>
      }
      panel={
        isPanelOpen ? (
          <Card id="user-filters" size="small" style={{ marginBottom: 16 }}>
            <Suspense fallback={<Skeleton.Input active block />}>
              <UserFiltersPanel list={list} />
            </Suspense>
          </Card>
        ) : null
      }
      actions={
        canExport ? (
          <ExportButtons
            path={`${USERS_PATH}export/`}
            query={exportQuery as TQuery}
            fallbackName={(format) => `users.${format}`}
          />
        ) : null
      }
    />
  );
};
