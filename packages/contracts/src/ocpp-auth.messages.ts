/** Messages of the local authorization list and reservations (docs/product/ocpp.md sections 4 and 8). */
const en = {
  reservation_not_found: 'Reservation not found',
  reservation_not_active: 'The reservation is no longer active',
  reservation_driver_required: 'Give the driver: an id tag or an app user',
  reservation_driver_ambiguous: 'Give either an id tag or an app user, not both',
  reservation_id_tag_unknown: 'No app user has this id tag',
  reservation_user_not_found: 'App user not found',
  reservation_user_blocked: 'The app user is blocked',
  reservation_user_no_id_tag: 'The app user has no id tag',
  reservation_expiry_past: 'The expiry must be in the future',
  reservation_expiry_too_far: 'A reservation lasts at most {limit} hours',
  reservation_connector_reserved: 'The connector already has an active reservation',
} as const;

type TOcppAuthMessages = Record<keyof typeof en, string>;

const ru: TOcppAuthMessages = {
  reservation_not_found: 'Бронь не найдена',
  reservation_not_active: 'Бронь уже не действует',
  reservation_driver_required: 'Укажите водителя: идентификатор (id tag) или пользователя приложения',
  reservation_driver_ambiguous: 'Укажите либо идентификатор, либо пользователя приложения, но не оба',
  reservation_id_tag_unknown: 'Ни у одного пользователя приложения нет такого идентификатора',
  reservation_user_not_found: 'Пользователь приложения не найден',
  reservation_user_blocked: 'Пользователь приложения заблокирован',
  reservation_user_no_id_tag: 'У пользователя приложения нет идентификатора',
  reservation_expiry_past: 'Срок брони должен быть в будущем',
  reservation_expiry_too_far: 'Бронь длится не дольше {limit} ч',
  reservation_connector_reserved: 'У коннектора уже есть действующая бронь',
};

const ky: TOcppAuthMessages = {
  reservation_not_found: 'Брондоо табылган жок',
  reservation_not_active: 'Брондоо мындан ары күчүндө эмес',
  reservation_driver_required: 'Айдоочуну көрсөтүңүз: идентификатор (id tag) же тиркеменин колдонуучусу',
  reservation_driver_ambiguous: 'Идентификаторду же тиркеменин колдонуучусун көрсөтүңүз, экөөнү тең эмес',
  reservation_id_tag_unknown: 'Тиркеменин бир дагы колдонуучусунда мындай идентификатор жок',
  reservation_user_not_found: 'Тиркеменин колдонуучусу табылган жок',
  reservation_user_blocked: 'Тиркеменин колдонуучусу бөгөттөлгөн',
  reservation_user_no_id_tag: 'Тиркеменин колдонуучусунда идентификатор жок',
  reservation_expiry_past: 'Брондоонун мөөнөтү келечекте болушу керек',
  reservation_expiry_too_far: 'Брондоо {limit} сааттан ашпайт',
  reservation_connector_reserved: 'Коннектордо күчүндөгү брондоо бар',
};

export const OCPP_AUTH_MESSAGES = { en, ru, ky } as const;
