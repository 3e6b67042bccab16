/**
 * Reference location data seeded by the server: countries, regions, districts and settlements,
 * with names in Russian, English and Kyrgyz.
 *
 * Keys are stable ASCII slugs and unique within each list (a region and a settlement may share a
 * key, e.g. region 'kg-bishkek' = the city of republican significance, settlement 'kg-bishkek' = the
 * city itself). Never change a published key: other records reference it.
 *
 * Kyrgyzstan: the 7 oblasts plus the two cities of republican significance (Bishkek, Osh), which
 * are regions of their own; all 40 raions; every settlement with city status and the larger
 * villages. Settlement `kind`:
 *   - 'city'    — city of republican or regional significance (not part of any district: district null);
 *   - 'town'    — other settlement with city status (city of district significance);
 *   - 'village' — village (айыл), including former urban-type settlements.
 * Other countries: the capital and main cities, region and district left null.
 * Coordinates are approximate (city centre, 4 decimals).
 */

export type TLocationNames = { name_ru: string; name_en: string; name_ky: string };
export type TCountrySeed = TLocationNames & { code: string };
export type TRegionSeed = TLocationNames & { key: string; country: string /* code */ };
export type TDistrictSeed = TLocationNames & { key: string; region: string /* region key */ };
export type TSettlementSeed = TLocationNames & {
  key: string;
  country: string;
  region: string | null;
  district: string | null;
  kind: 'city' | 'town' | 'village';
  latitude: number;
  longitude: number;
};

export const COUNTRIES: readonly TCountrySeed[] = [
  { code: 'KG', name_ru: 'Кыргызстан', name_en: 'Kyrgyzstan', name_ky: 'Кыргызстан' },
  { code: 'KZ', name_ru: 'Казахстан', name_en: 'Kazakhstan', name_ky: 'Казакстан' },
  { code: 'UZ', name_ru: 'Узбекистан', name_en: 'Uzbekistan', name_ky: 'Өзбекстан' },
  { code: 'TJ', name_ru: 'Таджикистан', name_en: 'Tajikistan', name_ky: 'Тажикстан' },
  { code: 'CN', name_ru: 'Китай', name_en: 'China', name_ky: 'Кытай' },
  { code: 'RU', name_ru: 'Россия', name_en: 'Russia', name_ky: 'Россия' },
];

export const REGIONS: readonly TRegionSeed[] = [
  // Cities of republican significance
  { key: 'kg-bishkek', country: 'KG', name_ru: 'город Бишкек', name_en: 'Bishkek City', name_ky: 'Бишкек шаары' },
  { key: 'kg-osh-city', country: 'KG', name_ru: 'город Ош', name_en: 'Osh City', name_ky: 'Ош шаары' },
  // Oblasts
  { key: 'kg-chuy', country: 'KG', name_ru: 'Чуйская область', name_en: 'Chuy Region', name_ky: 'Чүй облусу' },
  { key: 'kg-issyk-kul', country: 'KG', name_ru: 'Иссык-Кульская область', name_en: 'Issyk-Kul Region', name_ky: 'Ысык-Көл облусу' },
  { key: 'kg-naryn', country: 'KG', name_ru: 'Нарынская область', name_en: 'Naryn Region', name_ky: 'Нарын облусу' },
  { key: 'kg-talas', country: 'KG', name_ru: 'Таласская область', name_en: 'Talas Region', name_ky: 'Талас облусу' },
  { key: 'kg-jalal-abad', country: 'KG', name_ru: 'Джалал-Абадская область', name_en: 'Jalal-Abad Region', name_ky: 'Жалал-Абад облусу' },
  { key: 'kg-osh', country: 'KG', name_ru: 'Ошская область', name_en: 'Osh Region', name_ky: 'Ош облусу' },
  { key: 'kg-batken', country: 'KG', name_ru: 'Баткенская область', name_en: 'Batken Region', name_ky: 'Баткен облусу' },
];

export const DISTRICTS: readonly TDistrictSeed[] = [
  // Chuy Region (8)
  { key: 'kg-chuy-alamudun', region: 'kg-chuy', name_ru: 'Аламудунский район', name_en: 'Alamudun District', name_ky: 'Аламүдүн району' },
  { key: 'kg-chuy-chuy', region: 'kg-chuy', name_ru: 'Чуйский район', name_en: 'Chuy District', name_ky: 'Чүй району' },
  { key: 'kg-chuy-jayyl', region: 'kg-chuy', name_ru: 'Жайылский район', name_en: 'Jayyl District', name_ky: 'Жайыл району' },
  { key: 'kg-chuy-kemin', region: 'kg-chuy', name_ru: 'Кеминский район', name_en: 'Kemin District', name_ky: 'Кемин району' },
  { key: 'kg-chuy-moskva', region: 'kg-chuy', name_ru: 'Московский район', name_en: 'Moskva District', name_ky: 'Москва району' },
  { key: 'kg-chuy-panfilov', region: 'kg-chuy', name_ru: 'Панфиловский район', name_en: 'Panfilov District', name_ky: 'Панфилов району' },
  { key: 'kg-chuy-sokuluk', region: 'kg-chuy', name_ru: 'Сокулукский район', name_en: 'Sokuluk District', name_ky: 'Сокулук району' },
  { key: 'kg-chuy-ysyk-ata', region: 'kg-chuy', name_ru: 'Ысык-Атинский район', name_en: 'Ysyk-Ata District', name_ky: 'Ысык-Ата району' },
  // Issyk-Kul Region (5)
  { key: 'kg-issyk-kul-ak-suu', region: 'kg-issyk-kul', name_ru: 'Ак-Суйский район', name_en: 'Ak-Suu District', name_ky: 'Ак-Суу району' },
  { key: 'kg-issyk-kul-jeti-oguz', region: 'kg-issyk-kul', name_ru: 'Джети-Огузский район', name_en: 'Jeti-Oguz District', name_ky: 'Жети-Өгүз району' },
  { key: 'kg-issyk-kul-issyk-kul', region: 'kg-issyk-kul', name_ru: 'Иссык-Кульский район', name_en: 'Issyk-Kul District', name_ky: 'Ысык-Көл району' },
  { key: 'kg-issyk-kul-tong', region: 'kg-issyk-kul', name_ru: 'Тонский район', name_en: 'Tong District', name_ky: 'Тоң району' },
  { key: 'kg-issyk-kul-tup', region: 'kg-issyk-kul', name_ru: 'Тюпский район', name_en: 'Tup District', name_ky: 'Түп району' },
  // Naryn Region (5)
  { key: 'kg-naryn-ak-talaa', region: 'kg-naryn', name_ru: 'Ак-Талинский район', name_en: 'Ak-Talaa District', name_ky: 'Ак-Талаа району' },
  { key: 'kg-naryn-at-bashy', region: 'kg-naryn', name_ru: 'Ат-Башинский район', name_en: 'At-Bashy District', name_ky: 'Ат-Башы району' },
  { key: 'kg-naryn-jumgal', region: 'kg-naryn', name_ru: 'Джумгальский район', name_en: 'Jumgal District', name_ky: 'Жумгал району' },
  { key: 'kg-naryn-kochkor', region: 'kg-naryn', name_ru: 'Кочкорский район', name_en: 'Kochkor District', name_ky: 'Кочкор району' },
  { key: 'kg-naryn-naryn', region: 'kg-naryn', name_ru: 'Нарынский район', name_en: 'Naryn District', name_ky: 'Нарын району' },
  // Talas Region (4)
  { key: 'kg-talas-bakai-ata', region: 'kg-talas', name_ru: 'Бакай-Атинский район', name_en: 'Bakai-Ata District', name_ky: 'Бакай-Ата району' },
  { key: 'kg-talas-kara-buura', region: 'kg-talas', name_ru: 'Кара-Бууринский район', name_en: 'Kara-Buura District', name_ky: 'Кара-Буура району' },
  { key: 'kg-talas-manas', region: 'kg-talas', name_ru: 'Манасский район', name_en: 'Manas District', name_ky: 'Манас району' },
  { key: 'kg-talas-talas', region: 'kg-talas', name_ru: 'Таласский район', name_en: 'Talas District', name_ky: 'Талас району' },
  // Jalal-Abad Region (8)
  { key: 'kg-jalal-abad-aksy', region: 'kg-jalal-abad', name_ru: 'Аксыйский район', name_en: 'Aksy District', name_ky: 'Аксы району' },
  { key: 'kg-jalal-abad-ala-buka', region: 'kg-jalal-abad', name_ru: 'Ала-Букинский район', name_en: 'Ala-Buka District', name_ky: 'Ала-Бука району' },
  { key: 'kg-jalal-abad-bazar-korgon', region: 'kg-jalal-abad', name_ru: 'Базар-Коргонский район', name_en: 'Bazar-Korgon District', name_ky: 'Базар-Коргон району' },
  { key: 'kg-jalal-abad-chatkal', region: 'kg-jalal-abad', name_ru: 'Чаткальский район', name_en: 'Chatkal District', name_ky: 'Чаткал району' },
  { key: 'kg-jalal-abad-nooken', region: 'kg-jalal-abad', name_ru: 'Ноокенский район', name_en: 'Nooken District', name_ky: 'Ноокен району' },
  { key: 'kg-jalal-abad-suzak', region: 'kg-jalal-abad', name_ru: 'Сузакский район', name_en: 'Suzak District', name_ky: 'Сузак району' },
  { key: 'kg-jalal-abad-toguz-toro', region: 'kg-jalal-abad', name_ru: 'Тогуз-Тороуский район', name_en: 'Toguz-Toro District', name_ky: 'Тогуз-Торо району' },
  { key: 'kg-jalal-abad-toktogul', region: 'kg-jalal-abad', name_ru: 'Токтогульский район', name_en: 'Toktogul District', name_ky: 'Токтогул району' },
  // Osh Region (7)
  { key: 'kg-osh-alay', region: 'kg-osh', name_ru: 'Алайский район', name_en: 'Alay District', name_ky: 'Алай району' },
  { key: 'kg-osh-aravan', region: 'kg-osh', name_ru: 'Араванский район', name_en: 'Aravan District', name_ky: 'Араван району' },
  { key: 'kg-osh-chong-alay', region: 'kg-osh', name_ru: 'Чон-Алайский район', name_en: 'Chong-Alay District', name_ky: 'Чоң-Алай району' },
  { key: 'kg-osh-kara-kulja', region: 'kg-osh', name_ru: 'Кара-Кульджинский район', name_en: 'Kara-Kulja District', name_ky: 'Кара-Кулжа району' },
  { key: 'kg-osh-kara-suu', region: 'kg-osh', name_ru: 'Кара-Суйский район', name_en: 'Kara-Suu District', name_ky: 'Кара-Суу району' },
  { key: 'kg-osh-nookat', region: 'kg-osh', name_ru: 'Ноокатский район', name_en: 'Nookat District', name_ky: 'Ноокат району' },
  { key: 'kg-osh-uzgen', region: 'kg-osh', name_ru: 'Узгенский район', name_en: 'Uzgen District', name_ky: 'Өзгөн району' },
  // Batken Region (3)
  { key: 'kg-batken-batken', region: 'kg-batken', name_ru: 'Баткенский район', name_en: 'Batken District', name_ky: 'Баткен району' },
  { key: 'kg-batken-kadamjay', region: 'kg-batken', name_ru: 'Кадамжайский район', name_en: 'Kadamjay District', name_ky: 'Кадамжай району' },
  { key: 'kg-batken-leilek', region: 'kg-batken', name_ru: 'Лейлекский район', name_en: 'Leilek District', name_ky: 'Лейлек району' },
];

export const SETTLEMENTS: readonly TSettlementSeed[] = [
  // ── Kyrgyzstan: cities of republican significance
  { key: 'kg-bishkek', country: 'KG', region: 'kg-bishkek', district: null, kind: 'city', latitude: 42.8746, longitude: 74.5698, name_ru: 'Бишкек', name_en: 'Bishkek', name_ky: 'Бишкек' },
  { key: 'kg-osh', country: 'KG', region: 'kg-osh-city', district: null, kind: 'city', latitude: 40.5283, longitude: 72.7985, name_ru: 'Ош', name_en: 'Osh', name_ky: 'Ош' },
  // ── Kyrgyzstan: cities of regional significance
  { key: 'kg-tokmok', country: 'KG', region: 'kg-chuy', district: null, kind: 'city', latitude: 42.8419, longitude: 75.3015, name_ru: 'Токмок', name_en: 'Tokmok', name_ky: 'Токмок' },
  { key: 'kg-karakol', country: 'KG', region: 'kg-issyk-kul', district: null, kind: 'city', latitude: 42.4905, longitude: 78.3920, name_ru: 'Каракол', name_en: 'Karakol', name_ky: 'Каракол' },
  { key: 'kg-balykchy', country: 'KG', region: 'kg-issyk-kul', district: null, kind: 'city', latitude: 42.4602, longitude: 76.1871, name_ru: 'Балыкчы', name_en: 'Balykchy', name_ky: 'Балыкчы' },
  { key: 'kg-naryn', country: 'KG', region: 'kg-naryn', district: null, kind: 'city', latitude: 41.4283, longitude: 75.9957, name_ru: 'Нарын', name_en: 'Naryn', name_ky: 'Нарын' },
  { key: 'kg-talas', country: 'KG', region: 'kg-talas', district: null, kind: 'city', latitude: 42.5226, longitude: 72.2417, name_ru: 'Талас', name_en: 'Talas', name_ky: 'Талас' },
  { key: 'kg-jalal-abad', country: 'KG', region: 'kg-jalal-abad', district: null, kind: 'city', latitude: 40.9333, longitude: 73.0000, name_ru: 'Джалал-Абад', name_en: 'Jalal-Abad', name_ky: 'Жалал-Абад' },
  { key: 'kg-kara-kul', country: 'KG', region: 'kg-jalal-abad', district: null, kind: 'city', latitude: 41.6283, longitude: 72.6703, name_ru: 'Кара-Куль', name_en: 'Kara-Kul', name_ky: 'Кара-Көл' },
  { key: 'kg-mailuu-suu', country: 'KG', region: 'kg-jalal-abad', district: null, kind: 'city', latitude: 41.2500, longitude: 72.4500, name_ru: 'Майлуу-Суу', name_en: 'Mailuu-Suu', name_ky: 'Майлуу-Суу' },
  { key: 'kg-tash-kumyr', country: 'KG', region: 'kg-jalal-abad', district: null, kind: 'city', latitude: 41.3461, longitude: 72.2171, name_ru: 'Таш-Кумыр', name_en: 'Tash-Kumyr', name_ky: 'Таш-Көмүр' },
  { key: 'kg-kok-janggak', country: 'KG', region: 'kg-jalal-abad', district: null, kind: 'city', latitude: 41.0307, longitude: 73.2058, name_ru: 'Кок-Жангак', name_en: 'Kok-Janggak', name_ky: 'Көк-Жаңгак' },
  { key: 'kg-batken', country: 'KG', region: 'kg-batken', district: null, kind: 'city', latitude: 40.0604, longitude: 70.8193, name_ru: 'Баткен', name_en: 'Batken', name_ky: 'Баткен' },
  { key: 'kg-kyzyl-kiya', country: 'KG', region: 'kg-batken', district: null, kind: 'city', latitude: 40.2568, longitude: 72.1279, name_ru: 'Кызыл-Кия', name_en: 'Kyzyl-Kiya', name_ky: 'Кызыл-Кыя' },
  { key: 'kg-sulukta', country: 'KG', region: 'kg-batken', district: null, kind: 'city', latitude: 39.9365, longitude: 69.5678, name_ru: 'Сулюкта', name_en: 'Sulukta', name_ky: 'Сүлүктү' },
  // ── Kyrgyzstan: towns (cities of district significance)
  { key: 'kg-kara-balta', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-jayyl', kind: 'town', latitude: 42.8142, longitude: 73.8481, name_ru: 'Кара-Балта', name_en: 'Kara-Balta', name_ky: 'Кара-Балта' },
  { key: 'kg-kant', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-ysyk-ata', kind: 'town', latitude: 42.8911, longitude: 74.8508, name_ru: 'Кант', name_en: 'Kant', name_ky: 'Кант' },
  { key: 'kg-kemin', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-kemin', kind: 'town', latitude: 42.7861, longitude: 75.6917, name_ru: 'Кемин', name_en: 'Kemin', name_ky: 'Кемин' },
  { key: 'kg-orlovka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-kemin', kind: 'town', latitude: 42.7370, longitude: 75.5880, name_ru: 'Орловка', name_en: 'Orlovka', name_ky: 'Орловка' },
  { key: 'kg-shopokov', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-sokuluk', kind: 'town', latitude: 42.8280, longitude: 74.3180, name_ru: 'Шопоков', name_en: 'Shopokov', name_ky: 'Шопоков' },
  { key: 'kg-kaindy', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-panfilov', kind: 'town', latitude: 42.8247, longitude: 73.6759, name_ru: 'Каинды', name_en: 'Kaindy', name_ky: 'Кайыңды' },
  { key: 'kg-cholpon-ata', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-issyk-kul', kind: 'town', latitude: 42.6494, longitude: 77.0823, name_ru: 'Чолпон-Ата', name_en: 'Cholpon-Ata', name_ky: 'Чолпон-Ата' },
  { key: 'kg-kochkor-ata', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-nooken', kind: 'town', latitude: 41.0371, longitude: 72.4832, name_ru: 'Кочкор-Ата', name_en: 'Kochkor-Ata', name_ky: 'Кочкор-Ата' },
  { key: 'kg-toktogul', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-toktogul', kind: 'town', latitude: 41.8744, longitude: 72.9419, name_ru: 'Токтогул', name_en: 'Toktogul', name_ky: 'Токтогул' },
  { key: 'kg-kerben', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-aksy', kind: 'town', latitude: 41.4940, longitude: 71.7583, name_ru: 'Кербен', name_en: 'Kerben', name_ky: 'Кербен' },
  { key: 'kg-uzgen', country: 'KG', region: 'kg-osh', district: 'kg-osh-uzgen', kind: 'town', latitude: 40.7699, longitude: 73.3007, name_ru: 'Узген', name_en: 'Uzgen', name_ky: 'Өзгөн' },
  { key: 'kg-kara-suu', country: 'KG', region: 'kg-osh', district: 'kg-osh-kara-suu', kind: 'town', latitude: 40.7046, longitude: 72.8667, name_ru: 'Кара-Суу', name_en: 'Kara-Suu', name_ky: 'Кара-Суу' },
  { key: 'kg-nookat', country: 'KG', region: 'kg-osh', district: 'kg-osh-nookat', kind: 'town', latitude: 40.2660, longitude: 72.6183, name_ru: 'Ноокат', name_en: 'Nookat', name_ky: 'Ноокат' },
  { key: 'kg-isfana', country: 'KG', region: 'kg-batken', district: 'kg-batken-leilek', kind: 'town', latitude: 39.8390, longitude: 69.5276, name_ru: 'Исфана', name_en: 'Isfana', name_ky: 'Исфана' },
  { key: 'kg-kadamjay', country: 'KG', region: 'kg-batken', district: 'kg-batken-kadamjay', kind: 'town', latitude: 40.1300, longitude: 71.7250, name_ru: 'Кадамжай', name_en: 'Kadamjay', name_ky: 'Кадамжай' },
  { key: 'kg-aidarken', country: 'KG', region: 'kg-batken', district: 'kg-batken-kadamjay', kind: 'town', latitude: 39.9432, longitude: 71.3418, name_ru: 'Айдаркен', name_en: 'Aidarken', name_ky: 'Айдаркен' },
  // ── Kyrgyzstan: villages — Chuy Region
  { key: 'kg-sokuluk', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-sokuluk', kind: 'village', latitude: 42.8540, longitude: 74.3026, name_ru: 'Сокулук', name_en: 'Sokuluk', name_ky: 'Сокулук' },
  { key: 'kg-novopavlovka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-sokuluk', kind: 'village', latitude: 42.8736, longitude: 74.4800, name_ru: 'Новопавловка', name_en: 'Novopavlovka', name_ky: 'Новопавловка' },
  { key: 'kg-belovodskoye', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-moskva', kind: 'village', latitude: 42.8294, longitude: 74.1083, name_ru: 'Беловодское', name_en: 'Belovodskoye', name_ky: 'Беловодское' },
  { key: 'kg-lebedinovka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-alamudun', kind: 'village', latitude: 42.8845, longitude: 74.6782, name_ru: 'Лебединовка', name_en: 'Lebedinovka', name_ky: 'Лебединовка' },
  { key: 'kg-mayevka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-alamudun', kind: 'village', latitude: 42.9093, longitude: 74.5685, name_ru: 'Маевка', name_en: 'Mayevka', name_ky: 'Маевка' },
  { key: 'kg-ivanovka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-ysyk-ata', kind: 'village', latitude: 42.8878, longitude: 75.0850, name_ru: 'Ивановка', name_en: 'Ivanovka', name_ky: 'Ивановка' },
  { key: 'kg-sosnovka', country: 'KG', region: 'kg-chuy', district: 'kg-chuy-jayyl', kind: 'village', latitude: 42.6371, longitude: 73.8961, name_ru: 'Сосновка', name_en: 'Sosnovka', name_ky: 'Сосновка' },
  // ── Kyrgyzstan: villages — Issyk-Kul Region
  { key: 'kg-tamchy', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-issyk-kul', kind: 'village', latitude: 42.5600, longitude: 76.6500, name_ru: 'Тамчы', name_en: 'Tamchy', name_ky: 'Тамчы' },
  { key: 'kg-bosteri', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-issyk-kul', kind: 'village', latitude: 42.6486, longitude: 77.1769, name_ru: 'Бостери', name_en: 'Bosteri', name_ky: 'Бостери' },
  { key: 'kg-grigoryevka', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-issyk-kul', kind: 'village', latitude: 42.7170, longitude: 77.4670, name_ru: 'Григорьевка', name_en: 'Grigoryevka', name_ky: 'Григорьевка' },
  { key: 'kg-ananyevo', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-issyk-kul', kind: 'village', latitude: 42.7230, longitude: 77.6550, name_ru: 'Ананьево', name_en: 'Ananyevo', name_ky: 'Ананьево' },
  { key: 'kg-tup', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-tup', kind: 'village', latitude: 42.7276, longitude: 78.3648, name_ru: 'Тюп', name_en: 'Tup', name_ky: 'Түп' },
  { key: 'kg-ak-suu', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-ak-suu', kind: 'village', latitude: 42.4995, longitude: 78.5270, name_ru: 'Ак-Суу (Теплоключенка)', name_en: 'Ak-Suu (Teploklyuchenka)', name_ky: 'Ак-Суу' },
  { key: 'kg-tegizchil', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-ak-suu', kind: 'village', latitude: 42.5651, longitude: 78.4213, name_ru: 'Тегизчил', name_en: 'Tegizchil', name_ky: 'Тегизчил' },
  { key: 'kg-kyzyl-suu', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-jeti-oguz', kind: 'village', latitude: 42.3421, longitude: 78.0064, name_ru: 'Кызыл-Суу', name_en: 'Kyzyl-Suu', name_ky: 'Кызыл-Суу' },
  { key: 'kg-barskoon', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-jeti-oguz', kind: 'village', latitude: 42.1450, longitude: 77.6000, name_ru: 'Барскоон', name_en: 'Barskoon', name_ky: 'Барскоон' },
  { key: 'kg-tamga', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-jeti-oguz', kind: 'village', latitude: 42.1545, longitude: 77.5404, name_ru: 'Тамга', name_en: 'Tamga', name_ky: 'Тамга' },
  { key: 'kg-bokonbayevo', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-tong', kind: 'village', latitude: 42.1177, longitude: 76.9933, name_ru: 'Боконбаево', name_en: 'Bokonbayevo', name_ky: 'Бөкөнбаев' },
  { key: 'kg-kajy-say', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-tong', kind: 'village', latitude: 42.1411, longitude: 77.1785, name_ru: 'Каджи-Сай', name_en: 'Kajy-Say', name_ky: 'Кажы-Сай' },
  { key: 'kg-kyzyl-tuu', country: 'KG', region: 'kg-issyk-kul', district: 'kg-issyk-kul-tong', kind: 'village', latitude: 42.1853, longitude: 76.6742, name_ru: 'Кызыл-Туу', name_en: 'Kyzyl-Tuu', name_ky: 'Кызыл-Туу' },
  // ── Kyrgyzstan: villages — Naryn Region
  { key: 'kg-kochkor', country: 'KG', region: 'kg-naryn', district: 'kg-naryn-kochkor', kind: 'village', latitude: 42.2155, longitude: 75.7566, name_ru: 'Кочкор', name_en: 'Kochkor', name_ky: 'Кочкор' },
  { key: 'kg-chaek', country: 'KG', region: 'kg-naryn', district: 'kg-naryn-jumgal', kind: 'village', latitude: 41.9277, longitude: 74.5170, name_ru: 'Чаек', name_en: 'Chaek', name_ky: 'Чаек' },
  { key: 'kg-baetov', country: 'KG', region: 'kg-naryn', district: 'kg-naryn-ak-talaa', kind: 'village', latitude: 41.2667, longitude: 74.9570, name_ru: 'Баетов', name_en: 'Baetov', name_ky: 'Баетов' },
  { key: 'kg-at-bashy', country: 'KG', region: 'kg-naryn', district: 'kg-naryn-at-bashy', kind: 'village', latitude: 41.1695, longitude: 75.8010, name_ru: 'Ат-Баши', name_en: 'At-Bashy', name_ky: 'Ат-Башы' },
  { key: 'kg-ak-jar', country: 'KG', region: 'kg-naryn', district: 'kg-naryn-at-bashy', kind: 'village', latitude: 41.1742, longitude: 75.7891, name_ru: 'Ак-Джар', name_en: 'Ak-Jar', name_ky: 'Ак-Жар' },
  // ── Kyrgyzstan: villages — Talas Region
  { key: 'kg-kyzyl-adyr', country: 'KG', region: 'kg-talas', district: 'kg-talas-kara-buura', kind: 'village', latitude: 42.6198, longitude: 71.5891, name_ru: 'Кызыл-Адыр', name_en: 'Kyzyl-Adyr', name_ky: 'Кызыл-Адыр' },
  { key: 'kg-bakai-ata', country: 'KG', region: 'kg-talas', district: 'kg-talas-bakai-ata', kind: 'village', latitude: 42.4930, longitude: 71.9236, name_ru: 'Бакай-Ата', name_en: 'Bakai-Ata', name_ky: 'Бакай-Ата' },
  { key: 'kg-pokrovka-talas', country: 'KG', region: 'kg-talas', district: 'kg-talas-manas', kind: 'village', latitude: 42.7362, longitude: 71.6098, name_ru: 'Покровка', name_en: 'Pokrovka', name_ky: 'Покровка' },
  // ── Kyrgyzstan: villages — Jalal-Abad Region
  { key: 'kg-bazar-korgon', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-bazar-korgon', kind: 'village', latitude: 41.0376, longitude: 72.7459, name_ru: 'Базар-Коргон', name_en: 'Bazar-Korgon', name_ky: 'Базар-Коргон' },
  { key: 'kg-arslanbob', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-bazar-korgon', kind: 'village', latitude: 41.3380, longitude: 72.9380, name_ru: 'Арсланбоб', name_en: 'Arslanbob', name_ky: 'Арстанбап' },
  { key: 'kg-suzak', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-suzak', kind: 'village', latitude: 40.8982, longitude: 72.9048, name_ru: 'Сузак', name_en: 'Suzak', name_ky: 'Сузак' },
  { key: 'kg-massy', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-nooken', kind: 'village', latitude: 41.0601, longitude: 72.6329, name_ru: 'Массы', name_en: 'Massy', name_ky: 'Массы' },
  { key: 'kg-ala-buka', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-ala-buka', kind: 'village', latitude: 41.4105, longitude: 71.4863, name_ru: 'Ала-Бука', name_en: 'Ala-Buka', name_ky: 'Ала-Бука' },
  { key: 'kg-kanysh-kyya', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-chatkal', kind: 'village', latitude: 41.7654, longitude: 71.0918, name_ru: 'Каныш-Кыя', name_en: 'Kanysh-Kyya', name_ky: 'Каныш-Кыя' },
  { key: 'kg-kazarman', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-toguz-toro', kind: 'village', latitude: 41.4045, longitude: 74.0283, name_ru: 'Казарман', name_en: 'Kazarman', name_ky: 'Казарман' },
  { key: 'kg-uch-terek', country: 'KG', region: 'kg-jalal-abad', district: 'kg-jalal-abad-toktogul', kind: 'village', latitude: 41.7622, longitude: 73.2003, name_ru: 'Уч-Терек', name_en: 'Uch-Terek', name_ky: 'Үч-Терек' },
  // ── Kyrgyzstan: villages — Osh Region
  { key: 'kg-aravan', country: 'KG', region: 'kg-osh', district: 'kg-osh-aravan', kind: 'village', latitude: 40.5161, longitude: 72.4996, name_ru: 'Араван', name_en: 'Aravan', name_ky: 'Араван' },
  { key: 'kg-gulcha', country: 'KG', region: 'kg-osh', district: 'kg-osh-alay', kind: 'village', latitude: 40.3138, longitude: 73.4442, name_ru: 'Гульча', name_en: 'Gulcha', name_ky: 'Гүлчө' },
  { key: 'kg-sary-tash', country: 'KG', region: 'kg-osh', district: 'kg-osh-alay', kind: 'village', latitude: 39.7300, longitude: 73.2500, name_ru: 'Сары-Таш', name_en: 'Sary-Tash', name_ky: 'Сары-Таш' },
  { key: 'kg-daroot-korgon', country: 'KG', region: 'kg-osh', district: 'kg-osh-chong-alay', kind: 'village', latitude: 39.5527, longitude: 72.2052, name_ru: 'Дароот-Коргон', name_en: 'Daroot-Korgon', name_ky: 'Дароот-Коргон' },
  { key: 'kg-kara-kulja', country: 'KG', region: 'kg-osh', district: 'kg-osh-kara-kulja', kind: 'village', latitude: 40.6322, longitude: 73.5925, name_ru: 'Кара-Кульджа', name_en: 'Kara-Kulja', name_ky: 'Кара-Кулжа' },
  // ── Kyrgyzstan: villages — Batken Region
  { key: 'kg-samarkandyk', country: 'KG', region: 'kg-batken', district: 'kg-batken-batken', kind: 'village', latitude: 39.9981, longitude: 70.5459, name_ru: 'Самаркандек', name_en: 'Samarkandyk', name_ky: 'Самаркандык' },
  { key: 'kg-ak-say', country: 'KG', region: 'kg-batken', district: 'kg-batken-batken', kind: 'village', latitude: 39.8744, longitude: 70.5221, name_ru: 'Ак-Сай', name_en: 'Ak-Say', name_ky: 'Ак-Сай' },
  { key: 'kg-ak-tatyr', country: 'KG', region: 'kg-batken', district: 'kg-batken-batken', kind: 'village', latitude: 39.9599, longitude: 70.4845, name_ru: 'Ак-Татыр', name_en: 'Ak-Tatyr', name_ky: 'Ак-Татыр' },
  { key: 'kg-kara-bak', country: 'KG', region: 'kg-batken', district: 'kg-batken-batken', kind: 'village', latitude: 40.1617, longitude: 70.8196, name_ru: 'Кара-Бак', name_en: 'Kara-Bak', name_ky: 'Кара-Бак' },
  { key: 'kg-kulundu', country: 'KG', region: 'kg-batken', district: 'kg-batken-leilek', kind: 'village', latitude: 40.1064, longitude: 69.6413, name_ru: 'Кулунду', name_en: 'Kulundu', name_ky: 'Кулунду' },
  { key: 'kg-katran', country: 'KG', region: 'kg-batken', district: 'kg-batken-leilek', kind: 'village', latitude: 39.8443, longitude: 70.0147, name_ru: 'Катран', name_en: 'Katran', name_ky: 'Катран' },
  { key: 'kg-khalmion', country: 'KG', region: 'kg-batken', district: 'kg-batken-kadamjay', kind: 'village', latitude: 40.2122, longitude: 71.6327, name_ru: 'Халмион', name_en: 'Khalmion', name_ky: 'Халмион' },
  { key: 'kg-uch-korgon', country: 'KG', region: 'kg-batken', district: 'kg-batken-kadamjay', kind: 'village', latitude: 40.2288, longitude: 72.0592, name_ru: 'Уч-Коргон', name_en: 'Uch-Korgon', name_ky: 'Үч-Коргон' },

  // ── Kazakhstan
  { key: 'kz-astana', country: 'KZ', region: null, district: null, kind: 'city', latitude: 51.1801, longitude: 71.4460, name_ru: 'Астана', name_en: 'Astana', name_ky: 'Астана' },
  { key: 'kz-almaty', country: 'KZ', region: null, district: null, kind: 'city', latitude: 43.2525, longitude: 76.9115, name_ru: 'Алматы', name_en: 'Almaty', name_ky: 'Алматы' },
  { key: 'kz-shymkent', country: 'KZ', region: null, district: null, kind: 'city', latitude: 42.3099, longitude: 69.6004, name_ru: 'Шымкент', name_en: 'Shymkent', name_ky: 'Шымкент' },
  { key: 'kz-taraz', country: 'KZ', region: null, district: null, kind: 'city', latitude: 42.8980, longitude: 71.3733, name_ru: 'Тараз', name_en: 'Taraz', name_ky: 'Тараз' },
  { key: 'kz-karaganda', country: 'KZ', region: null, district: null, kind: 'city', latitude: 49.8019, longitude: 73.1021, name_ru: 'Караганда', name_en: 'Karaganda', name_ky: 'Караганды' },
  // ── Uzbekistan
  { key: 'uz-tashkent', country: 'UZ', region: null, district: null, kind: 'city', latitude: 41.2995, longitude: 69.2401, name_ru: 'Ташкент', name_en: 'Tashkent', name_ky: 'Ташкент' },
  { key: 'uz-samarkand', country: 'UZ', region: null, district: null, kind: 'city', latitude: 39.6546, longitude: 66.9645, name_ru: 'Самарканд', name_en: 'Samarkand', name_ky: 'Самарканд' },
  { key: 'uz-bukhara', country: 'UZ', region: null, district: null, kind: 'city', latitude: 39.7703, longitude: 64.4307, name_ru: 'Бухара', name_en: 'Bukhara', name_ky: 'Бухара' },
  { key: 'uz-andijan', country: 'UZ', region: null, district: null, kind: 'city', latitude: 40.7821, longitude: 72.3442, name_ru: 'Андижан', name_en: 'Andijan', name_ky: 'Анжиян' },
  { key: 'uz-fergana', country: 'UZ', region: null, district: null, kind: 'city', latitude: 40.3842, longitude: 71.7843, name_ru: 'Фергана', name_en: 'Fergana', name_ky: 'Фергана' },
  { key: 'uz-namangan', country: 'UZ', region: null, district: null, kind: 'city', latitude: 40.9983, longitude: 71.6726, name_ru: 'Наманган', name_en: 'Namangan', name_ky: 'Наманган' },
  // ── Tajikistan
  { key: 'tj-dushanbe', country: 'TJ', region: null, district: null, kind: 'city', latitude: 38.5358, longitude: 68.7791, name_ru: 'Душанбе', name_en: 'Dushanbe', name_ky: 'Душанбе' },
  { key: 'tj-khujand', country: 'TJ', region: null, district: null, kind: 'city', latitude: 40.2826, longitude: 69.6222, name_ru: 'Худжанд', name_en: 'Khujand', name_ky: 'Хужанд' },
  { key: 'tj-istaravshan', country: 'TJ', region: null, district: null, kind: 'city', latitude: 39.9142, longitude: 69.0033, name_ru: 'Истаравшан', name_en: 'Istaravshan', name_ky: 'Истаравшан' },
  { key: 'tj-isfara', country: 'TJ', region: null, district: null, kind: 'city', latitude: 40.1265, longitude: 70.6253, name_ru: 'Исфара', name_en: 'Isfara', name_ky: 'Исфара' },
  { key: 'tj-bokhtar', country: 'TJ', region: null, district: null, kind: 'city', latitude: 37.8365, longitude: 68.7776, name_ru: 'Бохтар', name_en: 'Bokhtar', name_ky: 'Бохтар' },
  // ── China
  { key: 'cn-beijing', country: 'CN', region: null, district: null, kind: 'city', latitude: 39.9075, longitude: 116.3972, name_ru: 'Пекин', name_en: 'Beijing', name_ky: 'Бээжин' },
  { key: 'cn-urumqi', country: 'CN', region: null, district: null, kind: 'city', latitude: 43.8010, longitude: 87.6005, name_ru: 'Урумчи', name_en: 'Urumqi', name_ky: 'Үрүмчү' },
  { key: 'cn-kashgar', country: 'CN', region: null, district: null, kind: 'city', latitude: 39.4672, longitude: 75.9868, name_ru: 'Кашгар', name_en: 'Kashgar', name_ky: 'Кашкар' },
  { key: 'cn-artux', country: 'CN', region: null, district: null, kind: 'city', latitude: 39.7083, longitude: 76.1667, name_ru: 'Артуш', name_en: 'Artux', name_ky: 'Артуш' },
  { key: 'cn-ghulja', country: 'CN', region: null, district: null, kind: 'city', latitude: 43.9152, longitude: 81.3215, name_ru: 'Кульджа', name_en: 'Ghulja (Yining)', name_ky: 'Кулжа' },
  { key: 'cn-aksu', country: 'CN', region: null, district: null, kind: 'city', latitude: 41.1231, longitude: 80.2644, name_ru: 'Аксу', name_en: 'Aksu', name_ky: 'Аксуу' },
  // ── Russia
  { key: 'ru-moscow', country: 'RU', region: null, district: null, kind: 'city', latitude: 55.7520, longitude: 37.6178, name_ru: 'Москва', name_en: 'Moscow', name_ky: 'Москва' },
  { key: 'ru-saint-petersburg', country: 'RU', region: null, district: null, kind: 'city', latitude: 59.9386, longitude: 30.3141, name_ru: 'Санкт-Петербург', name_en: 'Saint Petersburg', name_ky: 'Санкт-Петербург' },
  { key: 'ru-novosibirsk', country: 'RU', region: null, district: null, kind: 'city', latitude: 55.0226, longitude: 82.9318, name_ru: 'Новосибирск', name_en: 'Novosibirsk', name_ky: 'Новосибирск' },
  { key: 'ru-yekaterinburg', country: 'RU', region: null, district: null, kind: 'city', latitude: 56.8573, longitude: 60.6153, name_ru: 'Екатеринбург', name_en: 'Yekaterinburg', name_ky: 'Екатеринбург' },
  { key: 'ru-omsk', country: 'RU', region: null, district: null, kind: 'city', latitude: 54.9924, longitude: 73.3686, name_ru: 'Омск', name_en: 'Omsk', name_ky: 'Омск' },
  { key: 'ru-kazan', country: 'RU', region: null, district: null, kind: 'city', latitude: 55.7887, longitude: 49.1221, name_ru: 'Казань', name_en: 'Kazan', name_ky: 'Казан' },
];
