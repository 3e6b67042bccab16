/** Messages of the uptime figures and their report (issue 35, docs/product/uptime.md). */
const en = {
  uptime_granularity_invalid: 'Choose day or month',
  uptime_period_in_future: 'The period cannot start in the future',
} as const;

type TUptimeMessages = Record<keyof typeof en, string>;

const ru: TUptimeMessages = {
  uptime_granularity_invalid: 'Выберите день или месяц',
  uptime_period_in_future: 'Период не может начинаться в будущем',
};

const ky: TUptimeMessages = {
  uptime_granularity_invalid: 'Күндү же айды тандаңыз',
  uptime_period_in_future: 'Мезгил келечекте башталбашы керек',
};

export const UPTIME_MESSAGES = { en, ru, ky } as const;
