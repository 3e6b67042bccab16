import type { TAutoTopUp, TSavedCard } from '@zaryad/contracts/payments';
import { Alert, Card, Flex, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { useCardWallet } from '@/features/card-payments/api';
import { formatDateTime, formatMonth } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

export { textsReady } from '@/features/card-payments/texts';

/** The driver's saved cards, newest first: the masked number, the month it is valid until, when it was saved. */
const SavedCards = ({ cards }: { cards: TSavedCard[] }) => {
  const { t } = useTranslation('cardPayments');
  return (
    <Flex vertical gap={4}>
      <TextSpan strong>{t('wallet.cards')}</TextSpan>
      {cards.length === 0 ? (
        <TextSpan tone="secondary">{t('wallet.noCards')}</TextSpan>
      ) : (
        // A few rows, not a table: a table here would be one more chunk importing antd's table (build/chunkGroups.ts).
        <Flex vertical gap={4} role="list" aria-label={t('wallet.cards')}>
          {cards.map((card) => (
            <Flex key={card.id} role="listitem" wrap gap={12} align="baseline">
              <TextSpan code>{card.card}</TextSpan>
              {card.expires_on ? <span>{t('wallet.validUntil', { month: formatMonth(card.expires_on) })}</span> : null}
              <TextSpan tone="secondary">{t('wallet.savedAt', { date: formatDateTime(card.created_at) })}</TextSpan>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
};

/**
 * The automatic top-up: on or off; its rule and card once the driver set it up; the failures in a row, and why it
 * stopped by itself (a stop after failures says how many: the server's limit).
 */
const AutoTopUp = ({ autoTopUp }: { autoTopUp: TAutoTopUp }) => {
  const { t } = useTranslation('cardPayments');
  const { money } = useNumberFormat();
  const { enabled, card, failures, stopped } = autoTopUp;
  return (
    <Flex vertical gap={4} role="group" aria-label={t('wallet.autoTopUp')} data-testid="auto-top-up">
      <Flex wrap gap={8} align="baseline">
        <TextSpan strong>{t('wallet.autoTopUp')}</TextSpan>
        <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('wallet.on') : t('wallet.off')}</Tag>
      </Flex>
      {enabled || card ? (
        <span>
          {t('wallet.rule', { threshold: money(autoTopUp.threshold), amount: money(autoTopUp.amount) })},{' '}
          {card ? t('wallet.fromCard', { card: card.card }) : t('wallet.noCard')}
        </span>
      ) : null}
      {stopped ? (
        <TextSpan tone="danger">{t(`wallet.stopped.${stopped}`, { count: failures })}</TextSpan>
      ) : failures > 0 ? (
        <TextSpan tone="danger">{t('wallet.failures', { count: failures })}</TextSpan>
      ) : null}
    </Flex>
  );
};

/**
 * The user's page block of a driver's card (issue 39 item 3), for `card_payments.view`: the saved cards and the
 * automatic top-up, read from `GET /card-payments/wallets/{id}/`. Loaded on its own with the card payments' texts, so
 * the user's page does not carry them.
 */
export const CardWalletCard = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('cardPayments');
  const wallet = useCardWallet(userId);

  const body = wallet.isPending ? (
    <Skeleton active title={false} paragraph={{ rows: 2 }} />
  ) : wallet.isError ? (
    <Alert type="error" showIcon title={t('wallet.loadError')} />
  ) : (
    <Flex vertical gap={12}>
      <SavedCards cards={wallet.data.cards} />
      <AutoTopUp autoTopUp={wallet.data.auto_top_up} />
    </Flex>
  );

  return (
    <Card title={t('wallet.title')} size="small" data-testid="card-wallet">
      {body}
    </Card>
  );
};
