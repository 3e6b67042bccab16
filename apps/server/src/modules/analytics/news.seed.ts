import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { news } from './analytics.tables';
import { addDays } from './analytics.periods';
import { bishkekToday } from '@zaryad/contracts/analytics';

/** The demo network's news: a few posts of the last weeks, added once. */
const DEMO_NEWS = [
  {
    daysAgo: 2,
    titleRu: 'Новые быстрые зарядки в Бишкеке',
    titleEn: 'New fast chargers in Bishkek',
    titleKy: 'Бишкекте жаңы тез кубаттоочу станциялар',
    textRu: 'На проспекте Чуй открылись две станции CCS2 мощностью 120 кВт.',
    textEn: 'Two 120 kW CCS2 stations opened on Chuy Avenue.',
    textKy: 'Чүй проспектисинде 120 кВт кубаттуулуктагы эки CCS2 станциясы ачылды.',
  },
  {
    daysAgo: 9,
    titleRu: 'Плановые работы на станциях Оша',
    titleEn: 'Scheduled maintenance at the Osh stations',
    titleKy: 'Ош станцияларында пландуу иштер',
    textRu: 'В воскресенье с 02:00 до 05:00 станции в Оше будут недоступны.',
    textEn: 'On Sunday from 02:00 to 05:00 the stations in Osh will be unavailable.',
    textKy: 'Жекшемби күнү саат 02:00дөн 05:00гө чейин Ош шаарындагы станциялар иштебейт.',
  },
  {
    daysAgo: 20,
    titleRu: 'Оплата картой Элкарт',
    titleEn: 'Elcart card payments',
    titleKy: 'Элкарт картасы менен төлөө',
    textRu: 'Теперь зарядку можно оплатить картой Элкарт в приложении.',
    textEn: 'Charges can now be paid with an Elcart card in the app.',
    textKy: 'Эми кубаттоону тиркемеде Элкарт картасы менен төлөсө болот.',
  },
];

/** Adds the demo news when there are none; answers how many were added. */
export const seedNews = async (db: Database) => {
  const [existing] = await db.select({ total: count() }).from(news);
  if ((existing?.total ?? 0) > 0) {
    return 0;
  }
  const today = bishkekToday();
  await db
    .insert(news)
    .values(DEMO_NEWS.map(({ daysAgo, ...texts }) => ({ ...texts, date: addDays(today, -daysAgo) })));
  return DEMO_NEWS.length;
};
