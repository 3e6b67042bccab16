/** Messages of app users and their balances: docs/product/users.md#5-validation ('Top up balance is required') and the ledger's rules. */
const en = {
  top_up_required: 'Top up balance is required',
  amount_invalid: 'Enter an amount in som, for example 1500 or 1500.50',
  amount_decimals: 'An amount has at most 2 decimal places',
  amount_positive: 'The amount must be greater than 0',
  amount_max: 'One top-up cannot exceed {limit} som',
  range_invalid: 'The end of the range cannot be earlier than its start',
  user_not_found: 'User not found',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request',
  top_up_success: 'The balance has been topped up by {limit} som',
} as const;

type TUsersMessages = Record<keyof typeof en, string>;

const ru: TUsersMessages = {
  top_up_required: 'Пополнение баланса обязательно',
  amount_invalid: 'Введите сумму в сомах, например 1500 или 1500.50',
  amount_decimals: 'В сумме не больше 2 знаков после запятой',
  amount_positive: 'Сумма должна быть больше 0',
  amount_max: 'Одно пополнение не может превышать {limit} сом',
  range_invalid: 'Конец диапазона не может быть раньше его начала',
  user_not_found: 'Пользователь не найден',
  idempotency_key_invalid: 'Заголовок Idempotency-Key должен содержать от 1 до 255 видимых символов ASCII',
  idempotency_key_reused: 'Этот Idempotency-Key уже использован для другого запроса',
  top_up_success: 'Баланс пополнен на {limit} сом',
};

const ky: TUsersMessages = {
  top_up_required: 'Балансты толуктоо милдеттүү',
  amount_invalid: 'Сумманы сом менен жазыңыз, мисалы 1500 же 1500.50',
  amount_decimals: 'Суммада үтүрдөн кийин 2 белгиден ашпашы керек',
  amount_positive: 'Сумма 0дөн чоң болушу керек',
  amount_max: 'Бир толуктоо {limit} сомдон ашпашы керек',
  range_invalid: 'Аралыктын аягы анын башынан эрте боло албайт',
  user_not_found: 'Колдонуучу табылган жок',
  idempotency_key_invalid: 'Idempotency-Key баш сабы 1ден 255ке чейин көрүнгөн ASCII белгилерден турушу керек',
  idempotency_key_reused: 'Бул Idempotency-Key башка суроо үчүн колдонулган',
  top_up_success: 'Баланс {limit} сомго толукталды',
};

export const USERS_MESSAGES = { en, ru, ky } as const;
