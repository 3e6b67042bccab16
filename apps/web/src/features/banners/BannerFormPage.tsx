import type { TBannerItem, TBannerType } from '@zaryad/contracts';
import { App, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useBackToList } from '@/components/tabbed-list/useTabListPage';
import { useBanner, useCreateBanner, useUpdateBanner } from '@/features/banners/api';
import { BannerForm } from '@/features/banners/BannerForm';
import { emptyBannerValues, toFormData, toFormValues } from '@/features/banners/bannerForm';
import { tabOf, type TBannerEditedState } from '@/features/banners/bannerTabs';
import { useIdParam } from '@/lib/useIdParam';

export { bannerTextsReady as textsReady } from '@/features/banners/bannerTexts';

/** The list's URL the form was opened from (its tab, page and filters), else the type's own tab. */
const useBackTo = (type: TBannerType) => useBackToList('/banners', type === 'banner' ? '' : '?tab=fullscreen');

const BannerCreate = ({ type }: { type: TBannerType }) => {
  const { t } = useTranslation('banners');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateBanner();
  const backTo = useBackTo(type);
  const initialValues = useMemo(emptyBannerValues, []);
  return (
    <Card title={type === 'banner' ? t('form.createBanner') : t('form.createFullscreen')}>
      <BannerForm
        type={type}
        initialValues={initialValues}
        isEdit={false}
        onSubmit={(values) => create.mutateAsync(toFormData(type, values))}
        onSaved={(saved) => {
          void message.success(t('form.created'));
          const tab = tabOf(saved);
          void navigate(tab === 'banner' ? '/banners' : `/banners?tab=${tab}`);
        }}
        onCancel={() => void navigate(backTo)}
      />
    </Card>
  );
};

const BannerEdit = ({ type, id }: { type: TBannerType; id: number }) => {
  const { t } = useTranslation('banners');
  const navigate = useNavigate();
  const stored = useBanner(id);
  const update = useUpdateBanner(id);
  const backTo = useBackTo(type);
  const item = stored.data;
  const initialValues = useMemo(() => (item ? toFormValues(item) : null), [item]);
  useRecordTrail([item && { title: item.name }]);

  if (stored.isError || Number.isNaN(id) || (item && item.type !== type)) {
    return (
      <RecordLoadError error={stored.isError ? stored.error : null} back={{ to: backTo, label: t('list.title') }} />
    );
  }
  if (!item || !initialValues) {
    return <Skeleton active />;
  }
  return (
    // The card says which kind of banner this is; the header names the page ("<banner> — editing the banner").
    <Card
      title={
        type === 'banner' ? t('form.editBanner', { name: item.name }) : t('form.editFullscreen', { name: item.name })
      }
    >
      <BannerForm
        key={item.id}
        type={type}
        initialValues={initialValues}
        isEdit
        merchantName={item.merchant_name}
        onSubmit={(values) => update.mutateAsync(toFormData(type, values, initialValues))}
        onSaved={(saved: TBannerItem) => {
          // docs/product/banners.md#4-states-and-rules: the edited item leaves the list it came from; the list says where it went.
          const state: TBannerEditedState = { edited: { id: saved.id, name: saved.name, tab: tabOf(saved) } };
          void navigate(backTo, { state });
        }}
        onCancel={() => void navigate(backTo)}
      />
    </Card>
  );
};

/** `/banners/create-banner/{id?}` and `/banners/create-fullscr/{id?}`: create without an id, edit with one. */
export const BannerFormPage = () => {
  const type: TBannerType = useLocation().pathname.includes('/create-fullscr') ? 'fullscreen' : 'banner';
  const hasId = useParams().id !== undefined;
  const id = useIdParam();
  return hasId ? <BannerEdit type={type} id={id} /> : <BannerCreate type={type} />;
};
