/** Messages of banners and fullscreens: docs/product/banners.md sections 5, 8 and 9. */
const en = {
  url_invalid: 'Enter a valid link starting with http:// or https://',
  color_invalid: 'Enter a colour as #RRGGBB',
  banner_period_order: 'The start must be earlier than the end',
  banner_period_passed: 'The validity period has passed: it cannot be activated',
  banner_period_passed_ids: 'The validity period of these items has passed, they cannot be activated: {limit}',
  fullscreen_ratio: 'The image must have a 9:19.5 aspect ratio (for example 1080 × 2340)',
  categories_required: 'Select at least one category',
  stations_need_merchant: 'Choose a merchant before its stations',
  stations_other_merchant: 'The stations must belong to the chosen merchant',
  banner_type_change: 'A banner cannot become a fullscreen or the other way round',
} as const;

type TBannerMessages = Record<keyof typeof en, string>;

const ru: TBannerMessages = {
  url_invalid: 'Введите корректную ссылку, начинающуюся с http:// или https://',
  color_invalid: 'Введите цвет в формате #RRGGBB',
  banner_period_order: 'Начало должно быть раньше окончания',
  banner_period_passed: 'Срок действия истёк: активировать нельзя',
  banner_period_passed_ids: 'Срок действия этих записей истёк, их нельзя активировать: {limit}',
  fullscreen_ratio: 'Соотношение сторон изображения должно быть 9:19,5 (например, 1080 × 2340)',
  categories_required: 'Выберите хотя бы одну категорию',
  stations_need_merchant: 'Сначала выберите мерчанта, затем его станции',
  stations_other_merchant: 'Станции должны принадлежать выбранному мерчанту',
  banner_type_change: 'Баннер нельзя превратить в фулскрин и наоборот',
};

const ky: TBannerMessages = {
  url_invalid: 'http:// же https:// менен башталган туура шилтеме киргизиңиз',
  color_invalid: 'Түстү #RRGGBB түрүндө киргизиңиз',
  banner_period_order: 'Башталышы аяктоосунан эрте болушу керек',
  banner_period_passed: 'Колдонуу мөөнөтү бүттү: активдештирүүгө болбойт',
  banner_period_passed_ids: 'Бул жазуулардын колдонуу мөөнөтү бүттү, аларды активдештирүүгө болбойт: {limit}',
  fullscreen_ratio: 'Сүрөттүн капталдарынын катышы 9:19,5 болушу керек (мисалы, 1080 × 2340)',
  categories_required: 'Жок дегенде бир категория тандаңыз',
  stations_need_merchant: 'Адегенде мерчантты, андан кийин анын бекеттерин тандаңыз',
  stations_other_merchant: 'Бекеттер тандалган мерчантка таандык болушу керек',
  banner_type_change: 'Баннерди фулскринге же тескерисинче айландырууга болбойт',
};

export const BANNERS_MESSAGES = { en, ru, ky } as const;
