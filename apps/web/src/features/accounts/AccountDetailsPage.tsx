import { useRecordTrail } from '@/components/page-title/recordTrail';
import { EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { STATUS, type TAccount } from '@zaryad/contracts';
import { App, Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActionError } from '@/components/feedback/useActionError';
import { useDomainCan } from '@/components/permissions/permissions';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { accountName } from '@/features/accounts/accountName';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useAccount, useSetAccountsStatus } from '@/features/accounts/api';
import { useAccountId } from '@/features/accounts/useAccountId';
import { formatDate, formatDateTime } from '@/lib/dates';
import { HistoryButton } from '@/features/audit';
import { DetailsSkeleton } from '@/components/empty-state/Skeletons';

/** Block or unblock one account after a confirmation. */
const useToggleBlocked = (account: TAccount | undefined) => {
  const { t } = useTranslation(['accounts', 'common']);
  const { modal, message } = App.useApp();
  const setStatus = useSetAccountsStatus();
  const showError = useActionError();
  if (!account) {
    return () => undefined;
  }
  const isActive = account.status === STATUS.active;
  const name = accountName(account);
  return () => {
    modal.confirm({
      title: isActive ? t('common:actions.block') : t('common:actions.unblock'),
      content: isActive ? t('details.blockConfirm', { name }) : t('details.unblockConfirm', { name }),
      okText: isActive ? t('common:actions.block') : t('common:actions.unblock'),
      okButtonProps: { danger: isActive },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await setStatus.mutateAsync({ ids: [account.id], active: !isActive });
          void message.success(isActive ? t('details.blocked') : t('details.unblocked'));
        } catch (error) {
          showError(error);
        }
      },
    });
  };
};

/** `accounts/details/{id}`: the account read-only, with edit and block/unblock. */
export const AccountDetailsPage = () => {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const id = useAccountId();
  const { data: account, error, isError } = useAccount(id);
  const toggleBlocked = useToggleBlocked(account);
  const can = useDomainCan('accounts');
  useRecordTrail([account && { title: accountName(account), path: `/accounts/details/${id}` }]);

  if (isError || Number.isNaN(id)) {
    return <RecordLoadError error={error} back={{ to: '/accounts', label: t('list.title') }} />;
  }
  if (!account) {
    // Shaped like the record's details, not a block of lines (issue 33 item 8).
    return <DetailsSkeleton />;
  }
  const isActive = account.status === STATUS.active;
  return (
    <Card
      title={t('details.title', { name: accountName(account) })}
      extra={
        <Flex gap={8} wrap>
          <HistoryButton entity="account" id={account.id} />
          {can.edit ? (
            <Button icon={<EditOutlined />} onClick={() => void navigate(`/accounts/edit/${account.id}`)}>
              {t('common:actions.edit')}
            </Button>
          ) : null}
          {can.status ? (
            <Button danger={isActive} icon={isActive ? <LockOutlined /> : <UnlockOutlined />} onClick={toggleBlocked}>
              {isActive ? t('common:actions.block') : t('common:actions.unblock')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'role', label: t('fields.role'), children: account.role.name },
          {
            key: 'status',
            label: t('fields.status'),
            children: <StatusTag status={account.status} wording="blocking" />,
          },
          { key: 'lastName', label: t('fields.lastName'), children: account.last_name },
          { key: 'firstName', label: t('fields.firstName'), children: account.first_name },
          { key: 'phone', label: t('fields.phone'), children: formatPhone(account.phone) },
          { key: 'email', label: t('fields.email'), children: account.email },
          { key: 'position', label: t('fields.position'), children: account.position || '—' },
          { key: 'birthday', label: t('fields.birthday'), children: formatDate(account.birthday) || '—' },
          {
            key: 'createdBy',
            label: t('fields.createdBy'),
            children: account.created_by ? accountName(account.created_by) : '—',
          },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(account.created_at) },
          { key: 'updatedAt', label: t('fields.updatedAt'), children: formatDateTime(account.updated_at) },
        ]}
      />
    </Card>
  );
};
