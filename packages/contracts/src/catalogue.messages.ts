/** Messages of the catalogue (tags, infrastructure, tariffs, lookups, rental partners): docs/product/catalogues.md sections 5 and 8. */
const en = {
  active_delete_forbidden: 'An active record cannot be deleted. Deactivate it first.',
  title_taken: 'A record with this Russian title already exists',
  active_edit_forbidden: 'An active tariff cannot be edited. Deactivate it first.',
  svg_only: 'The icon must be an SVG image',
  icon_required: 'Upload an icon',
  image_required: 'Upload an image',
  image_too_large_256: 'Image must be 256KB or smaller',
  image_too_large_2mb: 'Image must be 2MB or smaller',
  image_type_invalid: 'Only PNG and JPEG images are allowed',
  fee_invalid: 'Enter a price in som with at most 2 decimals',
  fee_negative: 'The price cannot be negative',
  connector_type_invalid: 'Unknown connector type',
  default_rate_exists: 'An active default tariff for this connector type already exists',
  percentage_invalid: 'Enter a percentage from 0 to 100',
  end_before_start: 'The end date cannot be earlier than the start date',
  rates_empty: 'There are no tariffs yet',
} as const;

type TCatalogueMessages = Record<keyof typeof en, string>;

const ru: TCatalogueMessages = {
  active_delete_forbidden: 'Активную запись нельзя удалить. Сначала деактивируйте её.',
  title_taken: 'Запись с таким названием на русском языке уже существует',
  active_edit_forbidden: 'Активный тариф нельзя редактировать. Сначала деактивируйте его.',
  svg_only: 'Иконка должна быть изображением SVG',
  icon_required: 'Загрузите иконку',
  image_required: 'Загрузите изображение',
  image_too_large_256: 'Изображение должно быть не больше 256 КБ',
  image_too_large_2mb: 'Изображение должно быть не больше 2 МБ',
  image_type_invalid: 'Допустимы только изображения PNG и JPEG',
  fee_invalid: 'Введите цену в сомах, не более 2 знаков после запятой',
  fee_negative: 'Цена не может быть отрицательной',
  connector_type_invalid: 'Неизвестный тип коннектора',
  default_rate_exists: 'Активный тариф по умолчанию для этого типа коннектора уже существует',
  percentage_invalid: 'Введите процент от 0 до 100',
  end_before_start: 'Дата окончания не может быть раньше даты начала',
  rates_empty: 'Тарифов пока нет',
};

const ky: TCatalogueMessages = {
  active_delete_forbidden: 'Активдүү жазууну өчүрүүгө болбойт. Адегенде аны активсиздештириңиз.',
  title_taken: 'Мындай орусча аталышы бар жазуу мурунтан эле бар',
  active_edit_forbidden: 'Активдүү тарифти түзөтүүгө болбойт. Адегенде аны активсиздештириңиз.',
  svg_only: 'Сүрөтчө SVG сүрөтү болушу керек',
  icon_required: 'Сүрөтчөнү жүктөңүз',
  image_required: 'Сүрөттү жүктөңүз',
  image_too_large_256: 'Сүрөт 256 КБ ашпашы керек',
  image_too_large_2mb: 'Сүрөт 2 МБ ашпашы керек',
  image_type_invalid: 'PNG жана JPEG сүрөттөрү гана уруксат',
  fee_invalid: 'Баасын сом менен, үтүрдөн кийин 2 белгиден ашпагандай киргизиңиз',
  fee_negative: 'Баасы терс болбошу керек',
  connector_type_invalid: 'Коннектордун белгисиз түрү',
  default_rate_exists: 'Бул коннектор түрү үчүн активдүү демейки тариф мурунтан бар',
  percentage_invalid: '0дөн 100гө чейинки пайызды киргизиңиз',
  end_before_start: 'Аяктоо күнү башталыш күнүнөн эрте болбошу керек',
  rates_empty: 'Азырынча тарифтер жок',
};

export const CATALOGUE_MESSAGES = { en, ru, ky };
