import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toCreateBody } from '@/features/accounts/accountBody';
import { AccountForm } from '@/features/accounts/AccountForm';
import { useCreateAccount } from '@/features/accounts/api';

/** `accounts/create` */
export const AccountCreatePage = () => {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateAccount();
  return (
    // The header names the page ("New account"); the card does not repeat it.
    <Card>
      <AccountForm
        onSubmit={(values) => create.mutateAsync(toCreateBody(values))}
        onSaved={() => {
          void message.success(t('form.created'));
          void navigate('/accounts');
        }}
        onCancel={() => void navigate('/accounts')}
      />
    </Card>
  );
};
