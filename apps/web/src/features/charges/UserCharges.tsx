import { DEFAULT_PAGE_SIZE, type TCharge } from '@zaryad/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { useCharges } from '@/features/charges/api';
import { useChargeColumns } from '@/features/charges/useChargeColumns';
import { useStopAction } from '@/features/charges/useStopAction';

/** One user's charges on their page, newest first, with Stop; its paging is the tab's own, not the URL's. */
export const UserCharges = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('charges');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const charges = useCharges({ search_by_user_id: userId, ...paging });
  const stop = useStopAction();
  const columns = useChargeColumns({ withUser: false, onStop: stop.onStop, stopping: stop.stopping });
  return (
    <>
      <DataTable<TCharge>
        aria-label={t('userCharges.title')}
        columns={columns}
        data={charges.data}
        loading={charges.isFetching}
        error={charges.isError ? charges.error : undefined}
        rowKey="id"
        page={paging.page}
        size={paging.size}
        onPageChange={(page, size) => setPaging({ page, size })}
        tableProps={{ scroll: { x: 'max-content' } }}
        // No charge yet: says so, and where charges come from (docs/product/users.md#2-screens).
        empty={
          <EmptyState kind="none" compact title={t('userCharges.empty')} description={t('userCharges.emptyText')} />
        }
      />
      {stop.modal}
    </>
  );
};
