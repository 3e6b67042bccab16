import { LogoutOutlined } from '@ant-design/icons';
import type { TSession } from '@zaryad/contracts';
import { App, Button, Card, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '@/app/layout/useMe';
import { useActionError } from '@/components/feedback/useActionError';
import { accountName } from '@/features/accounts/accountName';
import { useEndSession, useOwnSessions } from '@/features/accounts/profile/sessionsApi';
import { NotificationPreferences } from '@/features/notifications';
import { formatDateTime } from '@/lib/dates';

/** Asks, then ends a sign-in; ending this device's own signs out here too. */
const useEndWithConfirm = () => {
  const { t } = useTranslation(['accounts', 'common']);
  const { modal, message } = App.useApp();
  const endSession = useEndSession();
  const showError = useActionError();
  const navigate = useNavigate();
  return (session: TSession) => {
    modal.confirm({
      title: t('sessions.endTitle'),
      content: session.is_current
        ? t('sessions.endCurrentConfirm')
        : t('sessions.endConfirm', { device: session.device }),
      okText: t('sessions.end'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await endSession.mutateAsync(session.id);
          if (session.is_current) {
            // This device's tokens no longer work: sign out here as /logout does.
            void navigate('/logout');
            return;
          }
          void message.success(t('sessions.ended'));
        } catch (error) {
          showError(error);
        }
      },
    });
  };
};

/** `/profile`: the signed-in account, its open sessions (any of which it can end) and its notification settings. */
export const ProfilePage = () => {
  const { t } = useTranslation(['accounts', 'common']);
  const { data: me } = useMe();
  const { data: sessions, isLoading } = useOwnSessions();
  const endWithConfirm = useEndWithConfirm();

  const columns: ColumnsType<TSession> = [
    {
      title: t('sessions.device'),
      dataIndex: 'device',
      render: (device: string, session) => (
        <>
          {device || t('sessions.unknownDevice')}{' '}
          {session.is_current ? <Tag color="success">{t('sessions.current')}</Tag> : null}
        </>
      ),
    },
    { title: t('sessions.address'), dataIndex: 'ip' },
    { title: t('sessions.lastUsed'), dataIndex: 'last_used_at', render: (value: string) => formatDateTime(value) },
    { title: t('sessions.signedIn'), dataIndex: 'created_at', render: (value: string) => formatDateTime(value) },
    {
      key: 'actions',
      align: 'right',
      render: (_value, session) => (
        <Button danger size="small" icon={<LogoutOutlined />} onClick={() => endWithConfirm(session)}>
          {t('sessions.end')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('sessions.profileTitle')}>
        {me ? (
          <Descriptions
            column={1}
            items={[
              { key: 'name', label: t('fields.name'), children: accountName(me) },
              { key: 'email', label: t('fields.email'), children: me.email },
              { key: 'role', label: t('fields.role'), children: me.role.name },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
        <Typography.Title level={5}>{t('sessions.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('sessions.hint')}</Typography.Paragraph>
        <Table<TSession>
          rowKey="id"
          size="middle"
          loading={isLoading}
          columns={columns}
          dataSource={sessions ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <Suspense fallback={<Skeleton active />}>
        <NotificationPreferences />
      </Suspense>
    </Flex>
  );
};
