import type { TScheduleEntry } from '@zaryad/contracts';

const WEEK = [0, 1, 2, 3, 4, 5, 6];
const daily = (start_time: string, end_time: string, days = WEEK): TScheduleEntry[] =>
  days.map((day) => ({ day, start_time, end_time, is_break: false }));
const withLunch = (entries: TScheduleEntry[], start_time = '13:00:00', end_time = '14:00:00'): TScheduleEntry[] =>
  entries.flatMap((entry) => [entry, { day: entry.day, start_time, end_time, is_break: true }]);

export const ROUND_THE_CLOCK = daily('00:00:00', '00:00:00');
export const MALL_HOURS = daily('10:00:00', '22:00:00');
export const OFFICE_HOURS = withLunch(daily('09:00:00', '18:00:00', [0, 1, 2, 3, 4]));

export interface DemoMerchant {
  name: string;
  agreementNumber: string;
  legalEntity: string;
  cityKey: string;
  district: string;
  street: string;
  phone: string;
  email: string;
  schedule: TScheduleEntry[];
  percentage: string;
  isActive: boolean;
  /** Russian titles of the demo tags and infrastructure (tags.seed.ts, surroundings.seed.ts). */
  tags: string[];
  environment: string[];
}

/** The demo network's merchants: petrol chains, malls, hotels and businesses across Kyrgyzstan. */
export const DEMO_MERCHANTS: DemoMerchant[] = [
  {
    name: 'Газпром нефть Азия',
    agreementNumber: 'АД-2024/001',
    legalEntity: 'ОсОО «Газпром нефть Азия»',
    cityKey: 'kg-bishkek',
    district: 'Октябрьский район',
    street: 'ул. Ахунбаева, 119а',
    phone: '996312905050',
    email: 'ev@gazpromneft-asia.kg',
    schedule: ROUND_THE_CLOCK,
    percentage: '12.50',
    isActive: true,
    tags: ['Круглосуточно', 'Быстрая зарядка DC', 'Оплата картой', 'У трассы'],
    environment: ['Магазин', 'Туалет', 'Кафе', 'Банкомат', 'Автомойка'],
  },
  {
    name: 'Бишкек Молл',
    agreementNumber: 'АД-2024/002',
    legalEntity: 'ОсОО «Бишкек Молл»',
    cityKey: 'kg-bishkek',
    district: 'Свердловский район',
    street: 'пр. Чуй, 155',
    phone: '996312986000',
    email: 'parking@bishkekmall.kg',
    schedule: MALL_HOURS,
    percentage: '15.00',
    isActive: true,
    tags: ['Рядом с торговым центром', 'Крытая парковка', 'Быстрая зарядка'],
    environment: ['Кафе', 'Ресторан', 'Туалет', 'Магазин', 'Детская площадка', 'Банкомат', 'Wi-Fi'],
  },
  {
    name: 'ТЦ Дордой Плаза',
    agreementNumber: 'АД-2024/003',
    legalEntity: 'ОсОО «Дордой Плаза»',
    cityKey: 'kg-bishkek',
    district: 'Первомайский район',
    street: 'ул. Ибраимова, 115',
    phone: '996312626262',
    email: 'info@dordoiplaza.kg',
    schedule: MALL_HOURS,
    percentage: '14.00',
    isActive: true,
    tags: ['Рядом с торговым центром', 'Крытая парковка', 'Оплата картой'],
    environment: ['Кафе', 'Туалет', 'Магазин', 'Парковка', 'Банкомат'],
  },
  {
    name: 'Hyatt Regency Bishkek',
    agreementNumber: 'АД-2024/004',
    legalEntity: 'ОсОО «Ак-Кеме Отель»',
    cityKey: 'kg-bishkek',
    district: 'Первомайский район',
    street: 'ул. Абдрахманова, 191',
    phone: '996312661234',
    email: 'concierge@hyatt-bishkek.kg',
    schedule: ROUND_THE_CLOCK,
    percentage: '10.00',
    isActive: true,
    tags: ['Круглосуточно', 'Бесплатная парковка'],
    environment: ['Гостиница', 'Ресторан', 'Wi-Fi', 'Туалет'],
  },
  {
    name: 'Шоро',
    agreementNumber: 'АД-2025/005',
    legalEntity: 'ОАО «Шоро»',
    cityKey: 'kg-bishkek',
    district: 'Ленинский район',
    street: 'ул. Фучика, 3',
    phone: '996312540540',
    email: 'office@shoro.kg',
    schedule: OFFICE_HOURS,
    percentage: '8.75',
    isActive: true,
    tags: ['Бесплатная парковка'],
    environment: ['Парковка', 'Кафе'],
  },
  {
    name: 'Бишкек Петролеум',
    agreementNumber: 'АД-2025/006',
    legalEntity: 'ОсОО «Бишкек Петролеум»',
    cityKey: 'kg-tokmok',
    district: '',
    street: 'ул. Ленина, 240',
    phone: '996313820707',
    email: 'tokmok@bpetroleum.kg',
    schedule: ROUND_THE_CLOCK,
    percentage: '11.00',
    isActive: true,
    tags: ['Круглосуточно', 'У трассы', 'Быстрая зарядка DC'],
    environment: ['Магазин', 'Туалет', 'Автомойка'],
  },
  {
    name: 'Ош Гранд Отель',
    agreementNumber: 'АД-2025/007',
    legalEntity: 'ОсОО «Ош Гранд»',
    cityKey: 'kg-osh',
    district: '',
    street: 'ул. Курманжан Датки, 258',
    phone: '996322277777',
    email: 'reception@oshgrand.kg',
    schedule: ROUND_THE_CLOCK,
    percentage: '10.50',
    isActive: true,
    tags: ['Круглосуточно', 'Бесплатная парковка'],
    environment: ['Гостиница', 'Ресторан', 'Wi-Fi'],
  },
  {
    name: 'ТРЦ Ош Сити',
    agreementNumber: 'АД-2025/008',
    legalEntity: 'ОсОО «Ош Сити Молл»',
    cityKey: 'kg-osh',
    district: '',
    street: 'пр. Масалиева, 44',
    phone: '996322255000',
    email: 'admin@oshcity.kg',
    schedule: MALL_HOURS,
    percentage: '13.00',
    isActive: true,
    tags: ['Рядом с торговым центром', 'Быстрая зарядка'],
    environment: ['Кафе', 'Магазин', 'Туалет', 'Детская площадка'],
  },
  {
    name: 'Каракол Парк Отель',
    agreementNumber: 'АД-2025/009',
    legalEntity: 'ОсОО «Каракол Парк»',
    cityKey: 'kg-karakol',
    district: '',
    street: 'ул. Абдрахманова, 123',
    phone: '996392250505',
    email: 'hello@karakolpark.kg',
    schedule: withLunch(daily('08:00:00', '22:00:00'), '14:00:00', '15:00:00'),
    percentage: '9.00',
    isActive: true,
    tags: ['Бесплатная парковка'],
    environment: ['Гостиница', 'Ресторан', 'Wi-Fi', 'Парковка'],
  },
  {
    name: 'Жалал-Абад Ойл',
    agreementNumber: 'АД-2025/010',
    legalEntity: 'ОсОО «Жалал-Абад Ойл»',
    cityKey: 'kg-jalal-abad',
    district: '',
    street: 'ул. Ленина, 18',
    phone: '996372250303',
    email: 'station@ja-oil.kg',
    schedule: daily('07:00:00', '23:00:00'),
    percentage: '11.50',
    isActive: true,
    tags: ['У трассы', 'Оплата картой'],
    environment: ['Магазин', 'Туалет'],
  },
  {
    name: 'Радуга Иссык-Куль',
    agreementNumber: 'АД-2025/011',
    legalEntity: 'ОсОО «Пансионат Радуга»',
    cityKey: 'kg-cholpon-ata',
    district: 'Иссык-Кульский район',
    street: 'ул. Советская, 1',
    phone: '996394344455',
    email: 'booking@raduga-ik.kg',
    schedule: ROUND_THE_CLOCK,
    percentage: '9.50',
    isActive: true,
    tags: ['Круглосуточно', 'Бесплатная парковка'],
    environment: ['Гостиница', 'Ресторан', 'Детская площадка', 'Wi-Fi'],
  },
  {
    name: 'Нарын Тоо Сервис',
    agreementNumber: 'АД-2026/012',
    legalEntity: 'ИП Абдыкалыков Э. Т.',
    cityKey: 'kg-naryn',
    district: '',
    street: 'ул. Ленина, 37',
    phone: '996352250101',
    email: 'narynservice@mail.kg',
    schedule: withLunch(daily('09:00:00', '19:00:00', [0, 1, 2, 3, 4, 5]), '12:30:00', '13:30:00'),
    percentage: '7.00',
    isActive: false,
    tags: ['У трассы', 'Временно недоступно'],
    environment: ['Автомойка', 'Туалет'],
  },
];
