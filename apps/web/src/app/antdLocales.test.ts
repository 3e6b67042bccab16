import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from '@/app/antdLocales';

// Ant Design has no Kyrgyz locale: ky starts from ru_RU, so any text left from it reads Russian on a Kyrgyz screen.
describe('the Kyrgyz Ant Design locale', () => {
  const ru = ANTD_LOCALES.ru;
  const ky = ANTD_LOCALES.ky;

  it('has its own words for the pickers the forms and filters show', () => {
    const ruDates = ru.DatePicker?.lang;
    const kyDates = ky.DatePicker?.lang;
    for (const key of ['placeholder', 'rangePlaceholder', 'monthPlaceholder', 'yearPlaceholder', 'today'] as const) {
      expect(kyDates?.[key], key).toBeDefined();
      expect(kyDates?.[key], key).not.toEqual(ruDates?.[key]);
    }
    expect(ky.DatePicker?.timePickerLocale.rangePlaceholder).not.toEqual(
      ru.DatePicker?.timePickerLocale.rangePlaceholder,
    );
    expect(ky.TimePicker?.placeholder).not.toEqual(ru.TimePicker?.placeholder);
    expect(ky.TimePicker?.rangePlaceholder).not.toEqual(ru.TimePicker?.rangePlaceholder);
  });
});
