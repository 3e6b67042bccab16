import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { useStatement, type TStatementEntry } from '@/features/wallet/api';
import { dateTime } from '@/features/wallet/dates';
import { walletTexts } from '@/features/wallet/texts';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('wallet', walletTexts);

/** An entry's movement: `+500,00 сом` in, `−120,50 сом` out (a true minus sign, as a statement prints it). */
const useMovement = () => {
  const { money } = useNumberFormat();
  const { t } = useTranslation('wallet');
  return (entry: TStatementEntry) => {
    const isCredit = Number(entry.credit) > 0;
    const amount = money(isCredit ? entry.credit : entry.debit);
    return { isCredit, text: t('som', { amount: `${isCredit ? '+' : '\u2212'}${amount}` }) };
  };
};

/** `/app/wallet/statement`: the driver's ledger, newest first, a page at a time: date, basis, movement, balance after. */
export const StatementPage = () => {
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const movement = useMovement();
  const statement = useStatement();
  return (
    <Screen
      title={t('statement.title')}
      actions={
        <Link className="link" to="/wallet">
          {t('statement.back')}
        </Link>
      }
    >
      {statement.isPending ? (
        <Loading />
      ) : statement.isError ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : statement.data.pages[0]?.items.length ? (
        <>
          <ul className="cards">
            {statement.data.pages.flatMap((page) =>
              page.items.map((entry) => {
                const { isCredit, text } = movement(entry);
                return (
                  <li key={entry.id} className="card">
                    <span className="row">
                      <strong>{t(`statement.basis.${entry.basis}`)}</strong>
                      <strong className={isCredit ? 'amount-in' : 'amount-out'}>{text}</strong>
                    </span>
                    <span className="row">
                      <span className="muted">
                        {dateTime(entry.created_at)}
                        {entry.charge_id !== null ? ` · ${t('statement.charge', { id: entry.charge_id })}` : ''}
                      </span>
                      <span className="muted">{t('statement.after', { amount: money(entry.deposit) })}</span>
                    </span>
                  </li>
                );
              }),
            )}
          </ul>
          {statement.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={statement.isFetchingNextPage}
              onClick={() => void statement.fetchNextPage()}
            >
              {statement.isFetchingNextPage ? t('app:loading') : t('statement.more')}
            </button>
          ) : null}
        </>
      ) : (
        <p className="state">{t('statement.empty')}</p>
      )}
    </Screen>
  );
};
