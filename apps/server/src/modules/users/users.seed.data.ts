// The demo drivers' raw material: names as Kyrgyzstan's drivers carry them, and the electric cars that drive there.

/** A surname's forms: Kyrgyz and Russian surnames change with gender (Садыков, Садыкова); some do not (Ким, Шевченко). */
export interface Surname {
  male: string;
  female: string;
}

/** A list written as words separated by spaces and line breaks. */
const words = (text: string) => text.trim().split(/\s+/);

const gendered = (male: string): Surname => ({
  male,
  female: male.endsWith('ий') ? `${male.slice(0, -2)}ая` : `${male}а`,
});
const same = (name: string): Surname => ({ male: name, female: name });

export const KYRGYZ_NAMES = {
  male: words(`
    Айбек Нурлан Бакыт Азамат Эрлан Бекзат Улан Тимур Данияр Эмир Мирлан Жыргалбек Канат Самат Марат Руслан
    Талант Чынгыз Алмаз Нурбек Бектур Адилет Элдияр Кубанычбек Медер Айдар Эркин Асылбек Женишбек Таалай Өмүрбек
    Үсөн Бакай Дастан Нурсултан Санжар Эрмек Искендер Жанболот Атай
  `),
  female: words(`
    Нургуль Айгерим Жылдыз Гульнара Айпери Асель Бермет Динара Чолпон Айжан Мээрим Назгуль Алия Зарина Каныкей
    Эльмира Бурул Айсулуу Гүлзат Жазгуль Салтанат Асем Айнура Сезим Нуриза Элнура Толгонай Үмүт Акмоор Айдана
    Жаңыл Перизат
  `),
  surnames: words(`
    Садыков Абдыкадыров Осмонов Токтогулов Жумабеков Асанов Усенов Мамытов Бейшеналиев Исаков Алымкулов Орозбаев
    Турдубаев Султанов Абдыраимов Кадыров Бакиров Эсенов Касымов Маматов Сыдыков Темиров Шаршеев Курманбеков
    Байтиков Нурматов Муратбеков Акматов Жээнбеков Токтосунов Абдыкеримов Кенжебаев Омурбеков Сагынбаев
    Дуйшеналиев Болотбеков
  `).map(gendered),
};

export const RUSSIAN_NAMES = {
  male: words(`
    Александр Дмитрий Сергей Андрей Алексей Максим Иван Михаил Никита Артём Евгений Владимир Павел Роман Олег
    Денис Константин Виктор Игорь Кирилл
  `),
  female: words(`
    Екатерина Анна Мария Ольга Елена Наталья Татьяна Ирина Юлия Светлана Анастасия Виктория Дарья Ксения Алина
    Людмила Марина Валерия
  `),
  surnames: [
    ...words(`
      Смирнов Иванов Кузнецов Попов Соколов Лебедев Козлов Новиков Морозов Петров Волков Соловьёв Васильев
      Зайцев Павлов Семёнов Голубев Виноградов Богданов Фёдоров Михайлов Беляев Тарасов Белов Григорьев Романов
      Никитин Орлов
    `).map(gendered),
    ...words('Ким Пак Цой Шевченко Бондаренко Ли').map(same),
  ],
};

/** Fathers' names for the Kyrgyz form «Азамат Бакыт уулу» / «Айпери Мелис кызы», which some drivers register under. */
export const PATRONYM_ROOTS = words('Бакыт Мелис Асан Үсөн Талант Медет Нурлан Жолдош Кубат Эрмек');

/** Latin spellings for the e-mail addresses drivers make from their names. */
export const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  ң: 'n',
  о: 'o',
  ө: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ү: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

export const EMAIL_DOMAINS = [
  ['gmail.com', 50],
  ['mail.ru', 25],
  ['yandex.ru', 8],
  ['inbox.ru', 5],
  ['icloud.com', 7],
  ['list.ru', 5],
] as const;

/** Mobile prefixes after +996: MegaCom (55x, 99x), Beeline (22x, 77x), O! (50x, 70x). */
export const PHONE_PREFIXES = [
  ...[500, 501, 502, 503, 504, 505, 506, 507, 508, 509],
  ...[550, 551, 552, 553, 554, 555, 556, 557, 558, 559],
  ...[700, 701, 702, 703, 704, 705, 706, 707, 708, 709],
  ...[770, 771, 772, 773, 774, 775, 776, 777, 778, 779],
  ...[220, 221, 222, 223, 224, 225, 226, 227, 228, 229],
  ...[995, 996, 997, 998, 999],
];

/** Electric cars seen in Kyrgyzstan, with the years they are sold and how common they are (weight). */
export const CARS: { make: string; model: string; years: [number, number]; weight: number }[] = [
  { make: 'BYD', model: 'Song Plus', years: [2021, 2025], weight: 16 },
  { make: 'BYD', model: 'Han', years: [2020, 2025], weight: 6 },
  { make: 'BYD', model: 'Seagull', years: [2023, 2025], weight: 7 },
  { make: 'BYD', model: 'Yuan Plus', years: [2022, 2025], weight: 6 },
  { make: 'BYD', model: 'Qin Plus', years: [2021, 2025], weight: 4 },
  { make: 'Zeekr', model: '001', years: [2021, 2025], weight: 5 },
  { make: 'Zeekr', model: 'X', years: [2023, 2025], weight: 3 },
  { make: 'Tesla', model: 'Model 3', years: [2018, 2024], weight: 4 },
  { make: 'Tesla', model: 'Model Y', years: [2020, 2025], weight: 5 },
  { make: 'Li Auto', model: 'L7', years: [2023, 2025], weight: 3 },
  { make: 'Li Auto', model: 'L9', years: [2022, 2025], weight: 3 },
  { make: 'Nissan', model: 'Leaf', years: [2013, 2022], weight: 6 },
  { make: 'Hyundai', model: 'Ioniq 5', years: [2021, 2025], weight: 3 },
  { make: 'Hyundai', model: 'Kona Electric', years: [2019, 2023], weight: 2 },
  { make: 'Chery', model: 'eQ1', years: [2019, 2023], weight: 2 },
  { make: 'Changan', model: 'Deepal S7', years: [2023, 2025], weight: 3 },
  { make: 'Changan', model: 'Lumin', years: [2022, 2025], weight: 2 },
  { make: 'Volkswagen', model: 'ID.4', years: [2021, 2025], weight: 5 },
  { make: 'Volkswagen', model: 'ID.6', years: [2021, 2025], weight: 3 },
  { make: 'Toyota', model: 'bZ4X', years: [2022, 2025], weight: 2 },
  { make: 'Geely', model: 'Geometry C', years: [2020, 2024], weight: 2 },
  { make: 'Leapmotor', model: 'C11', years: [2021, 2025], weight: 1 },
  { make: 'Kia', model: 'EV6', years: [2021, 2025], weight: 1 },
  { make: 'Honda', model: 'e:NS1', years: [2022, 2025], weight: 1 },
];

export const CAR_COLORS = [
  ['белый', 30],
  ['чёрный', 20],
  ['серый', 15],
  ['серебристый', 10],
  ['синий', 9],
  ['красный', 5],
  ['зелёный', 3],
  ['голубой', 3],
  ['бежевый', 3],
  ['коричневый', 2],
] as const;

/** Series letters of Kyrgyz driver licences. */
export const LICENCE_SERIES = words('AA AB AC AD AE AF AN EN');

/** What operators write when they take money: most write nothing. */
export const TOP_UP_COMMENTS = {
  cash: ['Наличные в офисе', 'Оплата в кассу', 'Наличные, ТЦ «Азия Молл»', 'Пополнение на станции'],
  other_card: ['Перевод с карты Элкарт', 'Оплата через MBank', 'Перевод с карты Visa', 'Перевод через О!Деньги'],
} as const;

/** Top-up amounts in som and how often operators see them: round sums mostly. */
export const TOP_UP_AMOUNTS = [
  [100, 6],
  [200, 10],
  [300, 8],
  [500, 22],
  [700, 3],
  [1000, 24],
  [1500, 6],
  [2000, 10],
  [3000, 5],
  [5000, 6],
] as const;
