import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { linkTarget, safeLink, useBanners, useNews, usePromotions, type TPromotion } from '@/features/content/api';
import { contentTexts } from '@/features/content/texts';
import { dateTime, day } from '@/features/wallet/dates';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('content', contentTexts);

/** A banner: its image, its name, and its button in the operator's colour when it leads somewhere. */
const Banners = () => {
  const banners = useBanners();
  if (!banners.isSuccess || banners.data.items.length === 0) {
    // Banners are an extra: while they load or when they fail, the news and promotions speak for the screen.
    return null;
  }
  return (
    <ul className="cards content-banners">
      {banners.data.items.map((banner) => {
        const href = safeLink(banner.link);
        return (
          <li key={banner.id} className="card content-card">
            {banner.image ? <img src={banner.image} alt="" className="content-image" loading="lazy" /> : null}
            <strong>{banner.name}</strong>
            {href && banner.button.name ? (
              <a
                className="button content-button"
                href={href}
                {...linkTarget(href)}
                style={banner.button.color ? { background: banner.button.color, borderColor: banner.button.color } : undefined}
              >
                {banner.button.name}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
};

/** A promotion's terms in words: the discount, then each condition that applies. */
const usePromotionTerms = () => {
  const { t } = useTranslation('content');
  const { money, percent } = useNumberFormat();
  return (promotion: TPromotion): string[] => {
    const { discount, conditions } = promotion;
    const terms: string[] = [];
    if (discount.percent !== null) {
      terms.push(t('discountPercent', { percent: percent(discount.percent) }));
    } else if (discount.amount !== null) {
      terms.push(t('discountAmount', { amount: money(discount.amount) }));
    }
    if (Number(conditions.min_charge_amount) > 0) {
      terms.push(t('minAmount', { amount: money(conditions.min_charge_amount) }));
    }
    if (conditions.min_charges_count > 0) {
      terms.push(t('minCharges', { count: conditions.min_charges_count }));
    }
    const { start, end } = conditions.happy_hours;
    const isAllDay = start === end || (start === '00:00' && (end === '23:59' || end === '24:00'));
    if (!isAllDay) {
      terms.push(t('hours', { start, end }));
    }
    if (conditions.by_code) {
      terms.push(t('byCode'));
    }
    terms.push(t('until', { date: dateTime(promotion.ends_at).slice(0, 10) }));
    return terms;
  };
};

const Promotions = () => {
  const { t } = useTranslation('content');
  const promotions = usePromotions();
  const termsOf = usePromotionTerms();
  return (
    <section aria-labelledby="promotions-title">
      <h2 id="promotions-title">{t('promotions')}</h2>
      {promotions.isPending ? (
        <Loading />
      ) : promotions.isError ? (
        <LoadError error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : promotions.data.items.length === 0 ? (
        <p className="muted">{t('noPromotions')}</p>
      ) : (
        <ul className="cards">
          {promotions.data.items.map((promotion) => (
            <li key={promotion.id} className="card content-card">
              {promotion.image ? <img src={promotion.image} alt="" className="content-image" loading="lazy" /> : null}
              <strong>{promotion.title}</strong>
              <ul className="promotion-terms">
                {termsOf(promotion).map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

const News = () => {
  const { t } = useTranslation('content');
  const news = useNews();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="news-title">
      <h2 id="news-title">{t('news')}</h2>
      {news.isPending ? (
        <Loading />
      ) : news.isError ? (
        <LoadError error={news.error} onRetry={() => void news.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted">{t('noNews')}</p>
      ) : (
        <>
          <ul className="cards">
            {items.map((item) => (
              <li key={item.id} className="card">
                <article aria-labelledby={`news-${item.id}`}>
                  <h3 id={`news-${item.id}`} className="content-title">
                    {item.title}
                  </h3>
                  <p className="muted">{day(item.date)}</p>
                  <p className="content-text">{item.text}</p>
                </article>
              </li>
            ))}
          </ul>
          {news.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={news.isFetchingNextPage}
              onClick={() => void news.fetchNextPage()}
            >
              {news.isFetchingNextPage ? t('app:loading') : t('more')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
};

/** `/app/news`: the network's banners, its promotions and its news (docs/product/app-api.md#8-content). */
export const NewsPage = () => {
  const { t } = useTranslation('content');
  return (
    <Screen
      title={t('title')}
      actions={
        <Link className="link" to="/profile">
          {t('back')}
        </Link>
      }
    >
      <Banners />
      <Promotions />
      <News />
    </Screen>
  );
};
