import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateRate } from '@/features/rates/api';
import { RateForm } from '@/features/rates/RateForm';

/** `rates/create` */
export const RateCreatePage = () => {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateRate();
  return (
    <Card title={t('form.createTitle')}>
      <RateForm
        onSubmit={(values) => create.mutateAsync(values)}
        onSaved={() => {
          void message.success(t('form.created'));
          void navigate('/rates');
        }}
        onCancel={() => void navigate('/rates')}
      />
    </Card>
  );
};
