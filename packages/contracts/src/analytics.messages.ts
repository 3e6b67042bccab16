/** Messages of the dashboard, its news and its timeline (issue 16). */
const en = {
  period_invalid: 'Choose day, week, month or year',
  date_in_future: 'The date cannot be in the future',
  news_not_found: 'News item not found',
  metric_invalid: 'Choose charges, kWh or turnover',
} as const;

type TAnalyticsMessages = Record<keyof typeof en, string>;

const ru: TAnalyticsMessages = {
  period_invalid: 'Выберите день, неделю, месяц или год',
  date_in_future: 'Дата не может быть в будущем',
  news_not_found: 'Новость не найдена',
  metric_invalid: 'Выберите зарядки, кВт·ч или оборот',
};

const ky: TAnalyticsMessages = {
  period_invalid: 'Күндү, жуманы, айды же жылды тандаңыз',
  date_in_future: 'Дата келечекте боло албайт',
  news_not_found: 'Жаңылык табылган жок',
  metric_invalid: 'Кубаттоолорду, кВт·саатты же жүгүртүүнү тандаңыз',
};

export const ANALYTICS_MESSAGES = { en, ru, ky } as const;
