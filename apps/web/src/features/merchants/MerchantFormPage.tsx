import { App, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCreateMerchant, useMerchant, useMerchantForUpdate, useUpdateMerchant } from '@/features/merchants/api';
import {
  emptyMerchantValues,
  toCreateBody,
  toFormValues,
  toUpdateBody,
  type TMerchantFormValues,
} from '@/features/merchants/merchantBody';
import { MerchantForm } from '@/features/merchants/MerchantForm';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useIdParam } from '@/lib/useIdParam';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { merchantPath } from '@/features/merchants/merchantCrumb';

const MerchantCreate = () => {
  const { t } = useTranslation('merchants');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateMerchant();
  const initialValues = useMemo(emptyMerchantValues, []);
  return (
    <Card>
      <MerchantForm
        initialValues={initialValues}
        isEdit={false}
        onSubmit={(values) => create.mutateAsync(toCreateBody(values))}
        onSaved={(merchant) => {
          void message.success(t('form.created'));
          void navigate(`/merchant/${merchant.id}`);
        }}
        onCancel={() => void navigate('/merchants')}
      />
    </Card>
  );
};

const MerchantEdit = ({ id }: { id: number }) => {
  const { t } = useTranslation('merchants');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const stored = useMerchantForUpdate(id);
  const detail = useMerchant(id);
  const update = useUpdateMerchant(id);
  useRecordTrail([detail.data && { title: detail.data.name, path: merchantPath(id) }]);
  const initialValues = useMemo<TMerchantFormValues | null>(
    () => (stored.data && detail.data ? toFormValues(stored.data, detail.data) : null),
    [stored.data, detail.data],
  );

  if (stored.isError || detail.isError || Number.isNaN(id)) {
    return <RecordLoadError error={stored.error ?? detail.error} back={{ to: '/merchants', label: t('list.title') }} />;
  }
  if (!initialValues || !stored.data) {
    return <Skeleton active />;
  }
  return (
    // The header names the page ("<merchant> — editing the merchant"); the card does not repeat it.
    <Card>
      <MerchantForm
        key={stored.data.id}
        initialValues={initialValues}
        isEdit
        onSubmit={(values) => update.mutateAsync(toUpdateBody(initialValues, values))}
        onSaved={() => {
          void message.success(t('form.saved'));
          void navigate(`/merchant/${id}`);
        }}
        onCancel={() => void navigate(`/merchant/${id}`)}
      />
    </Card>
  );
};

/** `create-edit-merchant/{id?}`: create without an id, edit with one. */
export const MerchantFormPage = () => {
  const hasId = useParams().id !== undefined;
  const id = useIdParam();
  return hasId ? <MerchantEdit id={id} /> : <MerchantCreate />;
};
