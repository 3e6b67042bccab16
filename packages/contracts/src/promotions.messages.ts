/** Messages of promotions: docs/product/promotions.md sections 5, 8 and 9. */
const en = {
  promotion_period_order: 'The start must be earlier than the end',
  promotion_period_passed: 'The validity period has passed: it cannot be activated',
  promotion_period_passed_ids: 'The validity period of these promotions has passed, they cannot be activated: {limit}',
  happy_hours_required: 'Specify both the start and the end of happy hours',
  happy_hours_equal: 'The start of happy hours cannot equal their end',
  happy_time_invalid: 'Enter a time as HH:mm',
  discount_one_of: 'Specify either a percentage discount or a discount amount, not both',
  discount_exceeds_amount: 'The discount amount cannot exceed the charge amount',
  amount_below_discount: 'The charge amount cannot be below the discount amount',
  discount_amount_invalid: 'Enter a number up to 5 digits with up to 2 decimals',
  percent_invalid: 'Enter a percentage from 0 to 100',
  initiator_needs_merchant: 'A merchant initiator needs a merchant',
  promotion_stations_other_merchant: 'The stations must belong to the chosen merchant',
  promotion_merchant_not_found: 'No such merchant',
} as const;

type TPromotionMessages = Record<keyof typeof en, string>;

const ru: TPromotionMessages = {
  promotion_period_order: 'Начало должно быть раньше окончания',
  promotion_period_passed: 'Срок действия истёк: активировать нельзя',
  promotion_period_passed_ids: 'Срок действия этих акций истёк, их нельзя активировать: {limit}',
  happy_hours_required: 'Укажите начало и конец счастливых часов',
  happy_hours_equal: 'Начало счастливых часов не может совпадать с их концом',
  happy_time_invalid: 'Введите время в формате ЧЧ:мм',
  discount_one_of: 'Укажите либо процент скидки, либо сумму скидки, но не оба',
  discount_exceeds_amount: 'Сумма скидки не может превышать сумму зарядки',
  amount_below_discount: 'Сумма зарядки не может быть меньше суммы скидки',
  discount_amount_invalid: 'Введите число до 5 цифр и не более 2 знаков после запятой',
  percent_invalid: 'Введите процент от 0 до 100',
  initiator_needs_merchant: 'Для инициатора «мерчант» выберите мерчанта',
  promotion_stations_other_merchant: 'Станции должны принадлежать выбранному мерчанту',
  promotion_merchant_not_found: 'Такого мерчанта нет',
};

const ky: TPromotionMessages = {
  promotion_period_order: 'Башталышы аяктоосунан эрте болушу керек',
  promotion_period_passed: 'Колдонуу мөөнөтү бүттү: активдештирүүгө болбойт',
  promotion_period_passed_ids: 'Бул акциялардын колдонуу мөөнөтү бүттү, аларды активдештирүүгө болбойт: {limit}',
  happy_hours_required: 'Бактылуу сааттардын башталышын да, аягын да көрсөтүңүз',
  happy_hours_equal: 'Бактылуу сааттардын башталышы алардын аягына барабар боло албайт',
  happy_time_invalid: 'Убакытты СС:мм түрүндө киргизиңиз',
  discount_one_of: 'Же арзандатуунун пайызын, же арзандатуунун суммасын көрсөтүңүз, экөөнү тең эмес',
  discount_exceeds_amount: 'Арзандатуунун суммасы кубаттоонун суммасынан ашпашы керек',
  amount_below_discount: 'Кубаттоонун суммасы арзандатуунун суммасынан аз болбошу керек',
  discount_amount_invalid: '5 цифрага чейинки жана үтүрдөн кийин 2ден ашпаган сан киргизиңиз',
  percent_invalid: '0дөн 100гө чейинки пайызды киргизиңиз',
  initiator_needs_merchant: '«Мерчант» демилгечиси үчүн мерчантты тандаңыз',
  promotion_stations_other_merchant: 'Бекеттер тандалган мерчантка таандык болушу керек',
  promotion_merchant_not_found: 'Мындай мерчант жок',
};

export const PROMOTIONS_MESSAGES = { en, ru, ky } as const;
