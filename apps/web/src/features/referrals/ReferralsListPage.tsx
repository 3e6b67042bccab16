import { REFERRAL_STATUSES } from '@zaryad/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { REFERRALS_PATH, useReferrals } from '@/features/referrals/api';
import { REFERRAL_FILTERS } from '@/features/referrals/referralFilters';
import { useReferralColumns } from '@/features/referrals/useReferralColumns';

export { textsReady } from '@/features/referrals/texts';

/** Referrals are written by registrations and rewards: the list only reads. */
const referralHooks = { useList: useReferrals };

/**
 * `/list-of-referrals`: who invited whom, newest registration first, searched over both users and the code, filtered
 * by status and by registration and reward days (Bishkek), every value in the URL; xlsx and csv exports of what the
 * filters select. A user's page links here with `inviter` or `invited`, shown as a removable tag.
 */
export const ReferralsListPage = () => {
  const { t } = useTranslation('referrals');
  const state = useListPage({ filters: REFERRAL_FILTERS, hooks: referralHooks, permission: 'referrals' });
  const columns = useReferralColumns();
  const { list } = state;

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="referrals"
      search={{ placeholder: t('list.search'), width: 300 }}
      filters={
        <>
          <EnumFilter
            label={t('filters.status')}
            width={150}
            values={REFERRAL_STATUSES}
            labelOf={(status) => t(`statuses.${status}`)}
            {...filterField(list, 'status')}
          />
          <DateRangeFilter
            label={t('filters.registeredAt')}
            placeholder={[t('filters.registeredFrom'), t('filters.until')]}
            width={280}
            {...rangeField(list, 'registration_date')}
          />
          <DateRangeFilter
            label={t('filters.rewardedAt')}
            placeholder={[t('filters.rewardedFrom'), t('filters.until')]}
            width={280}
            {...rangeField(list, 'rewarded_date')}
          />
          {(['inviter', 'invited'] as const).map((key) =>
            list.draftFilters[key] === undefined ? null : (
              <Tag key={key} closable onClose={() => list.setFilters({ [key]: undefined })}>
                {t(`filters.${key}`, { id: list.draftFilters[key] })}
              </Tag>
            ),
          )}
        </>
      }
      resettable
      exports={{ path: `${REFERRALS_PATH}export/`, fileName: 'referrals' }}
    />
  );
};
