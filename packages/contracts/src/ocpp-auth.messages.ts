/** Messages of the local authorization list and reservations (docs/product/ocpp.md sections 4 and 8). */
const en = {
  reservation_not_found: 'Reservation not found',
  reservation_not_active: 'The reservation is no longer active',
  reservation_expiry_past: 'The expiry must be in the future',
  reservation_expiry_too_far: 'A reservation lasts at most {limit} hours',
  reservation_connector_reserved: 'The connector already has an active reservation',
} as const;

type TOcppAuthMessages = Record<keyof typeof en, string>;

const ru: TOcppAuthMessages = {
  reservation_not_found: 'Бронь не найдена',
  reservation_not_active: 'Бронь уже не действует',
  reservation_expiry_past: 'Срок брони должен быть в будущем',
  reservation_expiry_too_far: 'Бронь длится не дольше {limit} ч',
  reservation_connector_reserved: 'У коннектора уже есть действующая бронь',
};

const ky: TOcppAuthMessages = {
  reservation_not_found: 'Брондоо табылган жок',
  reservation_not_active: 'Брондоо мындан ары күчүндө эмес',
  reservation_expiry_past: 'Брондоонун мөөнөтү келечекте болушу керек',
  reservation_expiry_too_far: 'Брондоо {limit} сааттан ашпайт',
  reservation_connector_reserved: 'Коннектордо күчүндөгү брондоо бар',
};

export const OCPP_AUTH_MESSAGES = { en, ru, ky } as const;
