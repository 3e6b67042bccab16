/** Messages of promo codes (issue 14, part 5). */
const en = {
  promo_prefix_invalid: 'The prefix may hold only Latin letters and digits other than 0, O, 1 and I',
  promo_code_not_found: 'No such promo code',
  promo_code_expired: 'The promo code has expired',
  promo_code_not_yet_valid: 'The promo code is not valid yet',
  promo_code_deactivated: 'The promo code has been deactivated',
  promo_code_exhausted: 'The promo code has been used up',
  promo_code_user_limit: 'This user has already used the promo code as many times as allowed',
  promo_code_period_order: 'The start must be earlier than the end',
  promo_code_charge_invalid: "The charge must be this user's charge in progress",
} as const;

type TPromoCodeMessages = Record<keyof typeof en, string>;

const ru: TPromoCodeMessages = {
  promo_prefix_invalid: 'Префикс может содержать только латинские буквы и цифры, кроме 0, O, 1 и I',
  promo_code_not_found: 'Такого промокода нет',
  promo_code_expired: 'Срок действия промокода истёк',
  promo_code_not_yet_valid: 'Промокод ещё не действует',
  promo_code_deactivated: 'Промокод деактивирован',
  promo_code_exhausted: 'Промокод исчерпан',
  promo_code_user_limit: 'Этот пользователь уже использовал промокод максимально допустимое число раз',
  promo_code_period_order: 'Начало должно быть раньше окончания',
  promo_code_charge_invalid: 'Зарядка должна быть текущей зарядкой этого пользователя',
};

const ky: TPromoCodeMessages = {
  promo_prefix_invalid: 'Префикс 0, O, 1 жана I дан башка латын тамгаларынан жана цифралардан гана турушу керек',
  promo_code_not_found: 'Мындай промокод жок',
  promo_code_expired: 'Промокоддун мөөнөтү бүттү',
  promo_code_not_yet_valid: 'Промокод азырынча күчүнө кире элек',
  promo_code_deactivated: 'Промокод өчүрүлгөн',
  promo_code_exhausted: 'Промокод түгөндү',
  promo_code_user_limit: 'Бул колдонуучу промокодду уруксат берилген эң көп жолу колдонуп койгон',
  promo_code_period_order: 'Башталышы аяктоосунан эрте болушу керек',
  promo_code_charge_invalid: 'Кубаттоо ушул колдонуучунун жүрүп жаткан кубаттоосу болушу керек',
};

export const PROMO_CODES_MESSAGES = { en, ru, ky } as const;
