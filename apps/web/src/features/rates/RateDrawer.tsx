import { STATUS } from '@zaryad/contracts';
import { Alert, App, Divider, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CatalogueDrawer } from '@/components/catalogue/CatalogueDrawer';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { HistoryButton } from '@/features/audit';
import { useCreateRate, useRate, useUpdateRate } from '@/features/rates/api';
import { RateForm } from '@/features/rates/RateForm';
import { RateVersions } from '@/features/rates/RateVersions';
import { errorMessage } from '@/lib/apiError';

/** What the drawer is open for: `rates/create`, `edit-rates/{id}`, or nothing (`/rates`). */
export type TRateDrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

type TRateDrawerProps = { target: TRateDrawerTarget; onClose: () => void };

/**
 * A tariff is a small catalogue item: created and edited in the catalogue drawer over the rates list, at the
 * product's own addresses (`rates/create`, `edit-rates/{id}`; docs/product/rates.md#2-screens, issue 33, item 6).
 */
export const RateDrawer = ({ target, onClose }: TRateDrawerProps) => {
  const { t } = useTranslation(['rates', 'layout']);
  if (target?.mode === 'edit') {
    return <RateEditDrawer id={target.id} onClose={onClose} />;
  }
  return (
    <CatalogueDrawer open={target !== null} title={t('form.createTitle')} onClose={onClose}>
      <RateCreate onClose={onClose} />
    </CatalogueDrawer>
  );
};

const RateCreate = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const create = useCreateRate();
  return (
    <RateForm
      onSubmit={(body) => create.mutateAsync(body)}
      onSaved={() => {
        void message.success(t('form.created'));
        onClose();
      }}
      onCancel={onClose}
    />
  );
};

/**
 * `edit-rates/{id}`: an inactive tariff is edited; an active one is shown read-only (docs/product/rates.md#4-states-and-rules)
 * and gets its new prices as versions.
 */
const RateEditDrawer = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const { t } = useTranslation(['rates', 'common', 'layout']);
  const { message } = App.useApp();
  const rate = useRate(id);
  const update = useUpdateRate(id);
  // Rates → <tariff> → Edit in the header, "<tariff> — editing the tariff" in the tab (issue 33, item 3).
  useRecordTrail([rate.data && { title: rate.data.name, path: `/edit-rates/${id}` }]);
  const isBadId = !Number.isInteger(id) || id < 1;
  return (
    <CatalogueDrawer
      open
      title={rate.data ? t('form.editTitle', { name: rate.data.name }) : t('layout:titles.rateEdit.plain')}
      onClose={onClose}
    >
      {rate.isError || isBadId ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('form.loadError')}
          description={rate.isError ? errorMessage(rate.error, t('common:errors.request')) : undefined}
        />
      ) : rate.data ? (
        <Flex vertical gap={16}>
          <Flex justify="end">
            <HistoryButton entity="rate" id={rate.data.id} />
          </Flex>
          <RateForm
            key={`${rate.data.id}-${rate.data.status}`}
            rate={rate.data}
            isLocked={rate.data.status === STATUS.active}
            onSubmit={(body) => update.mutateAsync(body)}
            onSaved={() => {
              void message.success(t('form.saved'));
              onClose();
            }}
            onCancel={onClose}
          />
          {/* Tariffs II: the day's prices, the versions, and an active tariff's way to a new price. */}
          <Divider style={{ margin: 0 }} />
          <RateVersions rate={rate.data} />
        </Flex>
      ) : (
        <Skeleton active />
      )}
    </CatalogueDrawer>
  );
};
