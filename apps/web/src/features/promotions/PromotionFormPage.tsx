import type { TPromotion } from '@zaryad/contracts/promotions';
import { App, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useBackToList } from '@/components/tabbed-list/useTabListPage';
import { useCreatePromotion, usePromotion, useUpdatePromotion } from '@/features/promotions/api';
import { PromotionForm } from '@/features/promotions/PromotionForm';
import { emptyPromotionValues, toFormData, toFormValues } from '@/features/promotions/promotionForm';
import { titleOf, type TPromotionEditedState } from '@/features/promotions/promotionTabs';
import { useIdParam } from '@/lib/useIdParam';

export { promotionTextsReady as textsReady } from '@/features/promotions/promotionTexts';

/** The list's URL the form was opened from (its tab, page and filters). */
const useBackTo = () => useBackToList('/promotions');

const tabUrl = (saved: TPromotion) =>
  saved.validity === 'current' ? '/promotions' : `/promotions?tab=${saved.validity}`;

const PromotionCreate = () => {
  const { t } = useTranslation('promotions');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreatePromotion();
  const backTo = useBackTo();
  const initialValues = useMemo(emptyPromotionValues, []);
  return (
    // The header names the page ("New promotion"); the card does not repeat it.
    <Card>
      <PromotionForm
        initialValues={initialValues}
        isEdit={false}
        onSubmit={(values) => create.mutateAsync(toFormData(values))}
        onSaved={(saved) => {
          void message.success(t('form.created'));
          void navigate(tabUrl(saved));
        }}
        onCancel={() => void navigate(backTo)}
      />
    </Card>
  );
};

const PromotionEdit = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation('promotions');
  const navigate = useNavigate();
  const stored = usePromotion(id);
  const update = useUpdatePromotion(id);
  const backTo = useBackTo();
  const item = stored.data;
  const initialValues = useMemo(() => (item ? toFormValues(item) : null), [item]);
  useRecordTrail([item && { title: titleOf(item, i18n.language) }]);

  if (stored.isError || Number.isNaN(id)) {
    return (
      <RecordLoadError error={stored.isError ? stored.error : null} back={{ to: backTo, label: t('list.title') }} />
    );
  }
  if (!item || !initialValues) {
    return <Skeleton active />;
  }
  return (
    // The header names the page ("<promotion> — editing the promotion"); the card does not repeat it.
    <Card>
      <PromotionForm
        key={item.id}
        initialValues={initialValues}
        isEdit
        merchantName={item.merchant_name}
        onSubmit={(values) => update.mutateAsync(toFormData(values))}
        onSaved={(saved) => {
          // docs/product/promotions.md#4-states-and-rules: the edited promotion leaves the list it came from; the list says where it went.
          const state: TPromotionEditedState = {
            edited: { id: saved.id, name: titleOf(saved, i18n.language), tab: saved.validity },
          };
          void navigate(backTo, { state });
        }}
        onCancel={() => void navigate(backTo)}
      />
    </Card>
  );
};

/** `creating-promotion/{id?}`: create without an id, edit with one. */
export const PromotionFormPage = () => {
  const hasId = useParams().id !== undefined;
  const id = useIdParam();
  return hasId ? <PromotionEdit id={id} /> : <PromotionCreate />;
};
