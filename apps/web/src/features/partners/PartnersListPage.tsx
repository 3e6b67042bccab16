import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { partnerHooks } from '@/features/partners/api';
import { PartnerDrawer, type TPartnerDrawerState } from '@/features/partners/PartnerDrawer';
import { usePartnerColumns } from '@/features/partners/usePartnerColumns';

/** `/software-rental-partners`: search, status filter, paging, bulk status; create and edit in a drawer. */
export const PartnersListPage = () => {
  const { t } = useTranslation(['partners', 'kit']);
  const state = useListPage({ filters: STATUS_FILTERS, hooks: partnerHooks, permission: 'partners' });
  const [drawer, setDrawer] = useState<TPartnerDrawerState>(null);
  const columns = usePartnerColumns((partner) => {
    setDrawer({ mode: 'edit', partner });
  });
  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="partners"
      search={{ placeholder: t('list.search'), width: 360 }}
      statusFilter
      create={{ label: t('list.create'), onClick: () => setDrawer({ mode: 'create' }) }}
    >
      <PartnerDrawer
        state={drawer}
        onClose={() => {
          setDrawer(null);
        }}
      />
    </ListPage>
  );
};
