import { GiftOutlined, LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { STATUS, type TUser } from '@zaryad/contracts';
import { App, Button, Card, Descriptions, Flex, Skeleton, Table, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useActionError } from '@/components/feedback/useActionError';
import { usePermissions } from '@/components/permissions/permissions';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { CardWalletCard } from '@/features/card-payments';
import { UserCharges } from '@/features/charges';
import { RedeemCodeModal } from '@/features/promo-codes';
import { InvitedBy, InvitedUsers } from '@/features/referrals';
import { useSetUsersStatus, useUser } from '@/features/users/api';
import { Money } from '@/components/money/Money';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { UserStatement } from '@/features/users/UserStatement';
import { CorrectionModal } from '@/features/users/CorrectionModal';
import { genderText } from '@/features/users/userText';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useIdParam } from '@/lib/useIdParam';
import { DetailsSkeleton } from '@/components/empty-state/Skeletons';

// The Devices card (the user's sign-ins to the app) loads with its texts once the profile shows: off the screen's chunk.
const DevicesCard = lazy(async () => {
  const module = await import('@/features/users/devices/DevicesCard');
  await module.textsReady;
  return { default: module.DevicesCard };
});

// The top-up form (with the contract's amount rules) loads when an operator opens it.
const TopUpModal = lazy(async () => ({ default: (await import('@/features/users/TopUpModal')).TopUpModal }));

/** Zero held (`0.00`): no charge of the driver runs, and the balance is all available. */
const isZero = (value: string) => /^-?0\.00$/.test(value);

type TTab = 'statement' | 'charges' | 'idTags';
/** The tabs' names in the URL (`?tab=id-tags`); the statement is the default and needs none. */
const TAB_PARAMS: Record<TTab, string | null> = { statement: null, charges: 'charges', idTags: 'id-tags' };

/** Block or unblock the user after a confirmation, through the bulk status call. */
const useToggleBlocked = (user: TUser | undefined) => {
  const { t } = useTranslation(['users', 'common']);
  const { modal, message } = App.useApp();
  const setStatus = useSetUsersStatus();
  const showError = useActionError();
  if (!user) {
    return () => undefined;
  }
  const isActive = user.status === STATUS.active;
  return () => {
    modal.confirm({
      title: isActive ? t('common:actions.block') : t('common:actions.unblock'),
      content: isActive
        ? t('details.blockConfirm', { name: user.name })
        : t('details.unblockConfirm', { name: user.name }),
      okText: isActive ? t('common:actions.block') : t('common:actions.unblock'),
      okButtonProps: { danger: isActive },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await setStatus.mutateAsync({ ids: [user.id], active: !isActive });
          void message.success(isActive ? t('details.blocked') : t('details.unblocked'));
        } catch (error) {
          showError(error);
        }
      },
    });
  };
};

/** The user's ID tags: the RFID cards and app tokens a charge point sends. */
const IdTags = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('users');
  return (
    <Table
      aria-label={t('details.idTags')}
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={user.id_tags}
      locale={{ emptyText: t('details.idTagsEmpty') }}
      columns={[
        { key: 'tag', title: t('idTags.tag'), render: (_value, tag) => <code>{tag.id_tag}</code> },
        { key: 'kind', title: t('idTags.kind'), render: (_value, tag) => t(`idTags.${tag.kind}`) },
        { key: 'createdAt', title: t('idTags.createdAt'), render: (_value, tag) => formatDateTime(tag.created_at) },
      ]}
    />
  );
};

/**
 * `user/{id}`: the profile, car and licence; the balance with its top-up and correction, and while charges run what
 * they hold and what is available (issue 39); the saved cards and the automatic top-up (issue 39 item 3); the devices
 * signed in to the app (issue 38); the statement and the ID tags in tabs (the tab in the URL); block and unblock. A
 * missing user is a not-found page.
 */
export const UserDetailPage = () => {
  const { t } = useTranslation(['users', 'common', 'charges']);
  const id = useIdParam();
  const { data: user, error, isError } = useUser(id);
  useRecordTrail([user && { title: user.name || user.personal_account, path: `/user/${id}` }]);
  const { can } = usePermissions();
  const toggleBlocked = useToggleBlocked(user);
  const [isTopUpOpen, setTopUpOpen] = useState(false);
  const [isCorrectionOpen, setCorrectionOpen] = useState(false);
  const [isRedeemOpen, setRedeemOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const canSeeStatement = can('balances.view');
  const canSeeCharges = can('charges.view');
  const canSeeReferrals = can('referrals.view');
  const tabParam = searchParams.get('tab');
  const tab: TTab =
    tabParam === 'charges' && canSeeCharges
      ? 'charges'
      : tabParam === 'id-tags' || !canSeeStatement
        ? 'idTags'
        : 'statement';

  if (isError || Number.isNaN(id)) {
    return <RecordLoadError error={error} back={{ to: '/users', label: t('list.title') }} />;
  }
  if (!user) {
    // Shaped like the record's details, not a block of lines (issue 33 item 8).
    return <DetailsSkeleton />;
  }
  const isActive = user.status === STATUS.active;
  const birthday = formatDate(user.birthday);

  return (
    <Flex vertical gap={16}>
      <Card
        title={user.name || user.personal_account}
        extra={
          <Flex gap={8} wrap>
            {can('promo_codes.edit') ? (
              <Button icon={<GiftOutlined />} onClick={() => setRedeemOpen(true)}>
                {t('details.redeemCode')}
              </Button>
            ) : null}
            {can('users.status') ? (
              <Button danger={isActive} icon={isActive ? <LockOutlined /> : <UnlockOutlined />} onClick={toggleBlocked}>
                {isActive ? t('common:actions.block') : t('common:actions.unblock')}
              </Button>
            ) : null}
          </Flex>
        }
      >
        <Flex gap={16} wrap align="stretch">
          <Descriptions
            style={{ flex: '2 1 480px' }}
            title={t('details.profile')}
            bordered
            size="small"
            column={{ xs: 1, lg: 2 }}
            items={[
              { key: 'account', label: t('fields.account'), children: user.personal_account },
              {
                key: 'status',
                label: t('fields.status'),
                children: <StatusTag status={user.status} wording="blocking" />,
              },
              { key: 'name', label: t('fields.name'), children: user.name || '—' },
              { key: 'phone', label: t('fields.phone'), children: formatPhone(user.phone) },
              { key: 'email', label: t('fields.email'), children: user.email || '—' },
              { key: 'gender', label: t('fields.gender'), children: genderText(t, user.gender) },
              {
                key: 'birthday',
                label: t('fields.birthday'),
                children: birthday ? `${birthday}${user.age === null ? '' : ` (${user.age})`}` : '—',
              },
              { key: 'registeredAt', label: t('fields.registeredAt'), children: formatDateTime(user.registered_at) },
              { key: 'referral', label: t('fields.referralCode'), children: user.referral_code || '—' },
              ...(canSeeReferrals
                ? [
                    {
                      key: 'invitedBy',
                      label: t('fields.invitedBy'),
                      children: (
                        <Suspense fallback={<Skeleton.Input active size="small" />}>
                          <InvitedBy userId={user.id} />
                        </Suspense>
                      ),
                    },
                    {
                      key: 'invitedUsers',
                      label: t('fields.invitedUsers'),
                      children: (
                        <Suspense fallback={<Skeleton.Input active size="small" />}>
                          <InvitedUsers userId={user.id} />
                        </Suspense>
                      ),
                    },
                  ]
                : []),
              { key: 'licence', label: t('fields.driverLicence'), children: user.driver_licence || '—' },
            ]}
          />
          <Flex vertical gap={16} style={{ flex: '1 1 260px' }}>
            <Card size="small" title={t('details.balance')}>
              <Flex justify="space-between" align="center" gap={12} wrap>
                <span style={{ fontSize: 24 }} data-testid="user-balance">
                  <Money value={user.balance} strong /> {t('details.som')}
                </span>
                <Flex gap={8} wrap>
                  {can('balances.top_up') ? (
                    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setTopUpOpen(true)}>
                      {t('topUp.action')}
                    </Button>
                  ) : null}
                  {can('balances.correct') ? (
                    <Button onClick={() => setCorrectionOpen(true)}>{t('details.correct')}</Button>
                  ) : null}
                </Flex>
              </Flex>
              {/* What running charges hold (issue 39) is said only while there is some: otherwise all is available. */}
              {isZero(user.held) ? null : (
                <Flex vertical gap={4} style={{ marginTop: 8 }} data-testid="user-held">
                  <span>
                    {t('details.held')}: <Money value={user.held} /> {t('details.som')}
                  </span>
                  <span>
                    {t('details.available')}: <Money value={user.available} strong /> {t('details.som')}
                  </span>
                </Flex>
              )}
            </Card>
            {/* Saved cards and the automatic top-up (issue 39 item 3): for finance, a chunk of its own. */}
            {can('card_payments.view') ? (
              <Suspense
                fallback={
                  <Card size="small">
                    <Skeleton active title={false} paragraph={{ rows: 2 }} />
                  </Card>
                }
              >
                <CardWalletCard userId={user.id} />
              </Suspense>
            ) : null}
            <Descriptions
              title={t('details.car')}
              bordered
              size="small"
              column={1}
              items={[
                { key: 'make', label: t('fields.carMake'), children: user.car.make || '—' },
                { key: 'model', label: t('fields.carModel'), children: user.car.model || '—' },
                { key: 'year', label: t('fields.carYear'), children: user.car.year ?? '—' },
                { key: 'color', label: t('fields.carColor'), children: user.car.color || '—' },
              ]}
            />
          </Flex>
        </Flex>
      </Card>
      <Suspense
        fallback={
          <Card size="small">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        }
      >
        <DevicesCard userId={user.id} />
      </Suspense>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const param = TAB_PARAMS[key as TTab];
            setSearchParams(param ? { tab: param } : {}, { replace: true });
          }}
          items={[
            ...(canSeeStatement
              ? [
                  {
                    key: 'statement',
                    label: t('details.statement'),
                    children: (
                      <UserStatement
                        userId={user.id}
                        onTopUp={can('balances.top_up') ? () => setTopUpOpen(true) : undefined}
                      />
                    ),
                  },
                ]
              : []),
            ...(canSeeCharges
              ? [
                  {
                    key: 'charges',
                    label: t('charges:userCharges.title'),
                    children: (
                      <Suspense fallback={<Skeleton active />}>
                        <UserCharges userId={user.id} />
                      </Suspense>
                    ),
                  },
                ]
              : []),
            { key: 'idTags', label: t('details.idTags'), children: <IdTags user={user} /> },
          ]}
        />
      </Card>
      {isTopUpOpen ? (
        <Suspense fallback={null}>
          <TopUpModal
            user={{ id: user.id, name: user.name || user.personal_account }}
            onClose={() => setTopUpOpen(false)}
          />
        </Suspense>
      ) : null}
      {isCorrectionOpen ? (
        <CorrectionModal
          user={{
            id: user.id,
            name: user.name || user.personal_account,
            balance: user.balance,
            available: user.available,
          }}
          onClose={() => setCorrectionOpen(false)}
        />
      ) : null}
      {isRedeemOpen ? (
        <Suspense fallback={null}>
          <RedeemCodeModal
            user={{ id: user.id, name: user.name || user.personal_account }}
            onClose={() => setRedeemOpen(false)}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
};
