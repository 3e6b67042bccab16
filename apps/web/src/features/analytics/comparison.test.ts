import { describe, expect, it } from 'vitest';
import { comparisonCaption, type TCompareTexts } from '@/features/analytics/comparison';
import en from '@/locales/en/lazy/analytics';
import ky from '@/locales/ky/lazy/analytics';
import ru from '@/locales/ru/lazy/analytics';

/** The caption's texts of a language, filled in as i18next fills them. */
const textsOf = (compare: typeof en.dashboard.compare): TCompareTexts => {
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? `{{${name}}}`);
  return {
    until: (values) => fill(compare.until, values),
    range: (values) => fill(compare.range, values),
    sentence: (key, values) => {
      const [group, period] = key.split('.') as ['inProgress' | 'past', keyof typeof compare.past];
      return fill(compare[group][period], values);
    },
  };
};

const EN = textsOf(en.dashboard.compare);
const RU = textsOf(ru.dashboard.compare);
const KY = textsOf(ky.dashboard.compare);

const past = { in_progress: false, until: null, previous_until: null };

describe('what the dashboard compares, in words', () => {
  // Issue 31: at 08:15 the day was compared with all of yesterday, and "28.11.2026 · к 27.11.2026" did not say so.
  const dayInProgress = {
    period: 'day' as const,
    start: '2026-11-28',
    end: '2026-11-28',
    previous_start: '2026-11-27',
    previous_end: '2026-11-27',
    in_progress: true,
    until: '2026-11-28T08:15',
    previous_until: '2026-11-27T08:15',
  };

  it('says a day in progress counts to now, against yesterday to the same time', () => {
    expect(comparisonCaption(dayInProgress, EN)).toBe(
      'Today: 28.11.2026 until 08:15 · compared with yesterday: 27.11.2026 until 08:15',
    );
    expect(comparisonCaption(dayInProgress, RU)).toBe(
      'Сегодня: 28.11.2026 до 08:15 · в сравнении со вчерашним днём: 27.11.2026 до 08:15',
    );
    expect(comparisonCaption(dayInProgress, KY)).toBe(
      'Бүгүн: 28.11.2026, саат 08:15 чейин · салыштыруу үчүн кечээ: 27.11.2026, саат 08:15 чейин',
    );
  });

  it('says a week in progress counts from its Monday, against the same part of last week', () => {
    const week = {
      period: 'week' as const,
      start: '2026-11-23',
      end: '2026-11-29',
      previous_start: '2026-11-16',
      previous_end: '2026-11-22',
      in_progress: true,
      until: '2026-11-26T08:15',
      previous_until: '2026-11-19T08:15',
    };
    expect(comparisonCaption(week, EN)).toBe(
      'This week: 23.11.2026 – 26.11.2026 until 08:15 · compared with last week: 16.11.2026 – 19.11.2026 until 08:15',
    );
    expect(comparisonCaption(week, RU)).toBe(
      'Эта неделя: 23.11.2026 – 26.11.2026 до 08:15 · в сравнении с прошлой неделей: 16.11.2026 – 19.11.2026 до 08:15',
    );
  });

  it('writes a cut at midnight as the whole day before it (a short previous month counted whole)', () => {
    const month = {
      period: 'month' as const,
      start: '2026-03-01',
      end: '2026-03-31',
      previous_start: '2026-02-01',
      previous_end: '2026-02-28',
      in_progress: true,
      until: '2026-03-31T20:00',
      previous_until: '2026-03-01T00:00',
    };
    expect(comparisonCaption(month, EN)).toBe(
      'This month: 01.03.2026 – 31.03.2026 until 20:00 · compared with last month: 01.02.2026 – 28.02.2026',
    );
    const year = {
      period: 'year' as const,
      start: '2026-01-01',
      end: '2026-12-31',
      previous_start: '2025-01-01',
      previous_end: '2025-12-31',
      in_progress: true,
      until: '2026-01-01T00:05',
      previous_until: '2025-01-01T00:05',
    };
    expect(comparisonCaption(year, RU)).toBe(
      'Этот год: 01.01.2026 до 00:05 · в сравнении с прошлым годом: 01.01.2025 до 00:05',
    );
  });

  it('says a past period is compared whole with the whole one before it', () => {
    const day = { ...dayInProgress, ...past };
    expect(comparisonCaption(day, EN)).toBe('28.11.2026 · compared with the day before: 27.11.2026');
    expect(comparisonCaption(day, RU)).toBe('28.11.2026 · в сравнении с предыдущим днём: 27.11.2026');
    expect(comparisonCaption(day, KY)).toBe('28.11.2026 · салыштыруу үчүн мурунку күн: 27.11.2026');
    const month = {
      period: 'month' as const,
      start: '2026-10-01',
      end: '2026-10-31',
      previous_start: '2026-09-01',
      previous_end: '2026-09-30',
      ...past,
    };
    expect(comparisonCaption(month, EN)).toBe(
      '01.10.2026 – 31.10.2026 · compared with the month before: 01.09.2026 – 30.09.2026',
    );
  });
});
