import { STATUS } from '@zaryad/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FileStorage } from '../media';
import { merchants } from '../merchants';
import { stations } from '../stations';
import { DEMO_BANNER_SIZE, DEMO_FULLSCREEN_SIZE, demoBannerImage } from './banners.demo-image';
import { banners, bannerStations } from './banners.tables';

const DAY = 24 * 60 * 60 * 1000;

interface DemoItem {
  type: 'banner' | 'fullscreen';
  name: string;
  link: string;
  /** Days from today (Bishkek midnight is close enough for a demo). */
  startDay: number;
  endDay: number;
  isActive: boolean;
  buttonName?: string;
  buttonColor?: string;
  categories?: string[];
  destination?: string;
  /** Whether it is shown for the first merchant's stations. */
  hasStations?: boolean;
}

const DEMO_ITEMS: readonly DemoItem[] = [
  {
    type: 'banner',
    name: 'Скидка 20% на ночную зарядку',
    link: 'https://zaryad.kg/promo/night',
    startDay: -5,
    endDay: 25,
    isActive: true,
    buttonName: 'Подробнее',
    buttonColor: '#22A699',
    hasStations: true,
  },
  {
    type: 'banner',
    name: 'Новые станции в Оше',
    link: 'https://zaryad.kg/news/osh',
    startDay: -2,
    endDay: 40,
    isActive: true,
    buttonName: 'На карту',
    buttonColor: '#0B3D5C',
  },
  {
    type: 'banner',
    name: 'Кофе в подарок при зарядке от 30 кВт·ч',
    link: 'https://zaryad.kg/promo/coffee',
    startDay: 7,
    endDay: 37,
    isActive: false,
    buttonName: 'Узнать',
    buttonColor: '#F26B3A',
    hasStations: true,
  },
  {
    type: 'banner',
    name: 'Летний марафон электромобилей',
    link: 'https://zaryad.kg/events/summer',
    startDay: -120,
    endDay: -60,
    isActive: false,
    buttonName: 'Итоги',
    buttonColor: '#3A86FF',
  },
  {
    type: 'fullscreen',
    name: 'Приложение Zaryad 3.0',
    link: 'https://zaryad.kg/app',
    startDay: -3,
    endDay: 30,
    isActive: true,
    categories: ['main', 'maps'],
    destination: 'browser',
  },
  {
    type: 'fullscreen',
    name: 'Оплата картой Элкарт',
    link: 'https://zaryad.kg/pay/elcart',
    startDay: -1,
    endDay: 14,
    isActive: true,
    categories: ['stock', 'notifications'],
    destination: 'webview',
  },
  {
    type: 'fullscreen',
    name: 'Открытие станции в ТЦ Bishkek Park',
    link: 'https://zaryad.kg/news/bishkek-park',
    startDay: 10,
    endDay: 24,
    isActive: false,
    categories: ['list'],
    destination: 'merchant',
  },
  {
    type: 'fullscreen',
    name: 'Новогодние тарифы',
    link: 'https://zaryad.kg/promo/new-year',
    startDay: -330,
    endDay: -300,
    isActive: false,
    categories: ['main'],
    destination: 'browser',
  },
];

/**
 * The demo's banners and fullscreens, current, upcoming and archived, with generated images: added once (by name),
 * so that running it again adds nothing. Answers how many it added.
 */
export const seedBanners = async (db: Database, storage: FileStorage): Promise<number> => {
  const existing = new Set(
    (
      await db
        .select({ name: banners.name })
        .from(banners)
        .where(
          inArray(
            banners.name,
            DEMO_ITEMS.map((item) => item.name),
          ),
        )
    ).map((row) => row.name),
  );
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).orderBy(asc(merchants.id)).limit(1);
  const merchantStations = merchant
    ? await db
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.merchantId, merchant.id))
        .orderBy(asc(stations.id))
        .limit(2)
    : [];
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  let added = 0;
  for (const [index, item] of DEMO_ITEMS.entries()) {
    if (existing.has(item.name)) {
      continue;
    }
    const size = item.type === 'banner' ? DEMO_BANNER_SIZE : DEMO_FULLSCREEN_SIZE;
    const imagePath = await storage.saveFile(demoBannerImage(index, size.width, size.height), 'png');
    const endsAt = new Date(today.getTime() + item.endDay * DAY);
    const isEnded = endsAt <= new Date();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(banners)
        .values({
          type: item.type,
          name: item.name,
          imagePath,
          link: item.link,
          buttonName: item.buttonName ?? '',
          buttonColor: item.buttonColor ?? '',
          categories: item.categories ?? [],
          destination: item.destination ?? '',
          merchantId: merchant && (item.hasStations || item.destination === 'merchant') ? merchant.id : null,
          status: item.isActive && !isEnded ? STATUS.active : STATUS.inactive,
          startsAt: new Date(today.getTime() + item.startDay * DAY + 9 * 60 * 60 * 1000 - 6 * 60 * 60 * 1000),
          endsAt,
          archivedAt: isEnded ? endsAt : null,
        })
        .returning({ id: banners.id });
      if (row && item.hasStations && merchantStations.length > 0) {
        await tx
          .insert(bannerStations)
          .values(merchantStations.map((station) => ({ bannerId: row.id, stationId: station.id })));
      }
    });
    added += 1;
  }
  return added;
};
