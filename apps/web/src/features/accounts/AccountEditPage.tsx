import { useRecordTrail } from '@/components/page-title/recordTrail';
import { App, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toUpdateBody } from '@/features/accounts/accountBody';
import { AccountForm } from '@/features/accounts/AccountForm';
import { accountName } from '@/features/accounts/accountName';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useAccount, useUpdateAccount } from '@/features/accounts/api';
import { useAccountId } from '@/features/accounts/useAccountId';

/** `accounts/edit/{id}` */
export const AccountEditPage = () => {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useAccountId();
  const account = useAccount(id);
  const update = useUpdateAccount(id);
  useRecordTrail([account.data && { title: accountName(account.data), path: `/accounts/details/${id}` }]);

  if (account.isError || Number.isNaN(id)) {
    return <RecordLoadError error={account.error} back={{ to: '/accounts', label: t('list.title') }} />;
  }
  if (!account.data) {
    return <Skeleton active />;
  }
  return (
    // The header names the page ("<account> — editing the account"); the card does not repeat it.
    <Card>
      <AccountForm
        // A fresh form when another account is opened in the same page.
        key={account.data.id}
        account={account.data}
        onSubmit={(values) => update.mutateAsync(toUpdateBody(values))}
        onSaved={() => {
          void message.success(t('form.saved'));
          void navigate('/accounts');
        }}
        onCancel={() => void navigate('/accounts')}
      />
    </Card>
  );
};
