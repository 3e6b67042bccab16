import type { TLanguage } from '@zaryad/contracts';

/**
 * The glossary of the interface texts (issue 33, item 5; docs/style.md): one term per concept in each language, and
 * the variants that must not come back. glossary.test.ts reads every text of ru/, en/ and ky/ against it, so a new
 * text using a forbidden variant (a second Kyrgyz word for "station", English jargon in Russian) fails the tests.
 *
 * `terms` is the one term, as a stem that every inflected form contains (Kyrgyz adds suffixes: «станция» covers
 * «Станциялар», «станциясынын»); the test checks that each term is really used. `forbidden` are regular
 * expressions (case-insensitive, Unicode) that no text of that language may match.
 *
 * Units follow the language. Kyrgyz writes the hour «саат»: the regulator and the distribution companies write
 * «кВт.саат» / «кВтс», the news «киловатт-саат». So kWh is «кВт·саат» in ky (with the middle dot of «кВт·ч»), never
 * «кВт·ч» (ч is the Russian «час») nor «кВт·с» (reads as kilowatt-second). kW is «кВт» in ru and ky, «kW» in en.
 * The number formatter (lib/numberFormat.ts, `UNITS`) writes the same units.
 */
export type TGlossaryEntry = {
  /** What the term names, in English, for whoever adds a text. */
  concept: string;
  terms: Record<TLanguage, string>;
  forbidden: Partial<Record<TLanguage, readonly string[]>>;
};

// A word boundary that knows Cyrillic: \b of a JS RegExp only knows [A-Za-z0-9_].
const WORD_START = '(?<![\\p{L}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{N}])';
const word = (text: string) => `${WORD_START}${text}${WORD_END}`;

export const GLOSSARY: readonly TGlossaryEntry[] = [
  {
    concept: 'A station: a place of the network with its charge point, shown on the map (one record of /stations)',
    terms: { ru: 'станци', en: 'station', ky: 'станция' },
    // «Бекет» was the second Kyrgyz word for it (banners, promotions).
    forbidden: { ky: ['бекет'] },
  },
  {
    concept: 'The charge point: the OCPP device of a station (Russian operators call it «колонка»)',
    terms: { ru: 'зарядн', en: 'charge point', ky: 'кубаттоо түзмө' },
    // «Колонка» read as a table column in English ("Column information").
    forbidden: { ru: ['колонк'], en: ['column information', word('charger')], ky: ['колонк'] },
  },
  {
    concept: 'A charge: one charging session of a driver, with its kWh and cost',
    terms: { ru: 'зарядк', en: 'charge', ky: 'кубаттоо' },
    forbidden: { ky: ['зарядк', 'заряддоо'], en: [word('charging sessions?')] },
  },
  {
    concept: 'A connector of a charge point (CCS2, Type 2, GB/T)',
    terms: { ru: 'коннектор', en: 'connector', ky: 'коннектор' },
    forbidden: { ru: ['разъём', 'разъем'], ky: ['туташтыргыч'] },
  },
  {
    concept: "A record's status (active, blocked, a charge's state)",
    terms: { ru: 'статус', en: 'status', ky: 'абал' },
    // Kyrgyz said both «Абалы» and «Статус».
    forbidden: { ky: ['статус'] },
  },
  {
    concept: "The charge point's last sign of life (OCPP Heartbeat)",
    terms: { ru: 'последний сигнал', en: 'heartbeat', ky: 'акыркы сигнал' },
    forbidden: { ru: ['heartbeat'], ky: ['heartbeat'] },
  },
  {
    concept: 'Energy in kilowatt-hours',
    terms: { ru: 'кВт·ч', en: 'kWh', ky: 'кВт·саат' },
    forbidden: {
      ru: ['kWh', 'кВт/ч', 'кВт\\*ч', 'кВтч'],
      en: ['кВт', 'kW/h', 'kW·h'],
      ky: ['kWh', 'кВт·ч', 'кВт·с(?!аат)', 'кВт/саат', 'кВтс'],
    },
  },
  {
    concept: 'Power in kilowatts',
    terms: { ru: 'кВт', en: 'kW', ky: 'кВт' },
    forbidden: { ru: [word('kW')], en: ['кВт'], ky: [word('kW')] },
  },
  {
    concept: "The drivers' mobile application",
    terms: { ru: 'приложени', en: 'app', ky: 'тиркеме' },
    // Kyrgyz said both «тиркеме» and «колдонмо».
    forbidden: { ky: ['колдонмо'] },
  },
  {
    concept: 'Opening hours of a merchant or station',
    terms: { ru: 'режим работы', en: 'operating mode', ky: 'иштөө режим' },
    forbidden: { ru: ['график работы'], ky: ['графиг'] },
  },
  {
    concept: 'A page of the dashboard or of a table',
    terms: { ru: 'страниц', en: 'page', ky: 'барак' },
    forbidden: { ky: ['баракча'] },
  },
  {
    concept: 'The icon of an infrastructure item',
    terms: { ru: 'иконк', en: 'icon', ky: 'сүрөтчө' },
    forbidden: { ky: ['иконк'] },
  },
  {
    concept: 'A software rental partner (a company renting the platform)',
    terms: { ru: 'партнёр', en: 'rental partner', ky: 'программа ижарасы боюнча өнөктөш' },
    forbidden: {
      ru: ['партнер'],
      ky: ['ПК ижарасы', 'ижарага алган өнөктөш', 'ижарага алуу өнөктөш', 'ижара өнөктөшү'],
    },
  },
  {
    concept: 'Editing a record',
    terms: { ru: 'редактир', en: 'edit', ky: 'түзөтүү' },
    // «Оңдоо» is a balance correction (users:bases.correction), not editing.
    forbidden: { ky: ['оңдоо:', '\\}\\} оңдоо'] },
  },
  {
    concept: 'Deleting a record',
    terms: { ru: 'удал', en: 'delete', ky: 'өчүрүү' },
    forbidden: { ky: ['жок кыл'] },
  },
  {
    concept: 'A rate: a price per kWh of a connector type (default) or a named personal price',
    terms: { ru: 'тариф', en: 'tariff', ky: 'тариф' },
    forbidden: {},
  },
  {
    concept: 'The person in charge of a station (pic)',
    terms: { ru: 'ответственное лицо', en: 'responsible person', ky: 'жооптуу адам' },
    forbidden: { en: ['person in charge'] },
  },
  {
    concept: 'How a station is built: floor-standing, wall-mounted, mobile',
    terms: { ru: 'тип исполнения', en: 'execution type', ky: 'аткаруу түрү' },
    forbidden: { ky: ['аткарылыш түрү'] },
  },
];

/** The glossary's patterns of a language, compiled once. */
export const forbiddenPatterns = (language: TLanguage) =>
  GLOSSARY.flatMap((entry) =>
    (entry.forbidden[language] ?? []).map((source) => ({
      concept: entry.concept,
      source,
      pattern: new RegExp(source, 'iu'),
    })),
  );
