import type { TLanguage, TMerchant } from '@zaryad/contracts';
import { merchantCardTexts } from '@/features/merchants/merchantCardTexts';
import type { TScheduleSummaryWords } from '@/features/schedule';
import en from '@/locales/en/schedule';
import ky from '@/locales/ky/schedule';
import ru from '@/locales/ru/schedule';
import { numberFormat } from '@/lib/numberFormat';
import type { TFrameFill } from '@/prerender/frameFill';

const SCHEDULE_TEXTS = { ru, en, ky };

/** The schedule summary's words from the texts themselves, as i18next reads them (`{{range}}` filled in, unescaped). */
const scheduleWords = (language: TLanguage): TScheduleSummaryWords => {
  const { summary, weekdaysShort } = SCHEDULE_TEXTS[language];
  return {
    empty: summary.empty,
    nonStandard: summary.nonStandard,
    allWeek: summary.allWeek,
    pause: (range) => summary.break.replace('{{range}}', range),
    daysOff: (days) => summary.daysOff.replace('{{days}}', days),
    weekdayShort: (day) => weekdaysShort[String(day) as keyof typeof weekdaysShort] ?? String(day + 1),
  };
};

const MERCHANT_PAGE = /^\/merchant\/(\d+)\/?$/;

/** The merchant detail's card (MerchantHeaderCard): its plain texts, in its frame, before the app arrives. */
export const merchantFill: TFrameFill<TMerchant> = {
  recordPath: (pagePath) => {
    const id = MERCHANT_PAGE.exec(pagePath)?.[1];
    return id ? `/merchants/${id}/` : undefined;
  },
  texts: (merchant, language) => merchantCardTexts(merchant, scheduleWords(language), numberFormat(language)),
};
