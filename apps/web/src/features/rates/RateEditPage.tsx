import { STATUS } from '@zaryad/contracts';
import { Alert, App, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useRate, useUpdateRate } from '@/features/rates/api';
import { RateForm } from '@/features/rates/RateForm';
import { errorMessage } from '@/lib/apiError';
import { HistoryButton } from '@/features/audit';

/** `edit-rates/{id}`: an inactive tariff is edited; an active one is shown read-only (docs/product/rates.md#4-states-and-rules). */
export const RateEditPage = () => {
  const { t } = useTranslation(['rates', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const rate = useRate(id);
  const update = useUpdateRate(id);

  if (rate.isError || !Number.isInteger(id) || id < 1) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('form.loadError')}
        description={rate.isError ? errorMessage(rate.error, t('common:errors.request')) : undefined}
        action={<Button onClick={() => void navigate('/rates')}>{t('common:actions.back')}</Button>}
      />
    );
  }
  if (!rate.data) {
    return <Skeleton active />;
  }
  return (
    <Card title={t('form.editTitle', { name: rate.data.name })} extra={<HistoryButton entity="rate" id={rate.data.id} />}>
      <RateForm
        key={`${rate.data.id}-${rate.data.status}`}
        rate={rate.data}
        isLocked={rate.data.status === STATUS.active}
        onSubmit={(values) => update.mutateAsync(values)}
        onSaved={() => {
          void message.success(t('form.saved'));
          void navigate('/rates');
        }}
        onCancel={() => void navigate('/rates')}
      />
    </Card>
  );
};
