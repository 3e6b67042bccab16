import { crc32, deflateSync } from 'node:zlib';
import { PROMO_CODE_ALPHABET } from '@zaryad/contracts';
import { asc, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FileStorage } from '../media';
import { appUsers } from '../users';
import { promoCodeRedemptions, promoCodes, promotions } from './promotions.tables';

const DAY = 24 * 3600 * 1000;

/** A square PNG with a diagonal gradient between two colours: the demo promotions' images. */
export const demoPromotionImage = (from: number[], to: number[], size = 256): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const t = (x + y) / (2 * size);
      for (let channel = 0; channel < 3; channel += 1) {
        row[1 + x * 3 + channel] = Math.round((from[channel] ?? 0) + ((to[channel] ?? 0) - (from[channel] ?? 0)) * t);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Demo code number `index` after `prefix`: four letters of the alphabet without look-alikes, unique below 32^4. */
const demoCode = (prefix: string, index: number) =>
  prefix + Array.from({ length: 4 }, (_, place) => PROMO_CODE_ALPHABET[Math.floor(index / 32 ** place) % 32]).join('');

/**
 * The codes of a demo promotion reached by code (`codes`), one use each, the first `redeemed` of them redeemed by as
 * many demo drivers (the earliest registered), one a day back from 3 days ago: each redemption waits for its driver's next
 * charge, which the charges seed (after this one in DOMAINS) books with the promotion, as a finish would.
 */
const seedCodes = async (
  db: Database,
  promotion: { id: number; startsAt: Date; endsAt: Date },
  codes: { prefix: string; count: number; redeemed: number },
  now: Date,
) => {
  // The drivers who registered first: each redeems days after registering.
  const users = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(lt(appUsers.registeredAt, new Date(now.getTime() - (3 + codes.redeemed) * DAY)))
    .orderBy(asc(appUsers.registeredAt), asc(appUsers.id))
    .limit(codes.redeemed);
  const rows = await db
    .insert(promoCodes)
    .values(
      Array.from({ length: codes.count }, (_, index) => ({
        promotionId: promotion.id,
        code: demoCode(codes.prefix, index),
        totalLimit: 1,
        perUserLimit: 1,
        uses: index < users.length ? 1 : 0,
        validFrom: promotion.startsAt,
        validUntil: promotion.endsAt,
        createdAt: promotion.startsAt,
      })),
    )
    .returning({ id: promoCodes.id });
  if (users.length > 0) {
    await db.insert(promoCodeRedemptions).values(
      users.map((user, index) => ({
        codeId: rows[index]?.id ?? 0,
        userId: user.id,
        chargeId: null,
        createdAt: new Date(now.getTime() - (3 + index) * DAY),
      })),
    );
  }
};

/**
 * The demo network's promotions: two current, one upcoming, one ended, and a current one reached by promo code (with
 * its codes, some redeemed); added once (by their English titles).
 */
export const seedPromotions = async (db: Database, storage: FileStorage, now = new Date()): Promise<number> => {
  const demo = [
    {
      titleRu: 'Ночная зарядка −20%',
      titleEn: 'Night charging −20%',
      titleKy: 'Түнкү кубаттоо −20%',
      discountPercent: 20,
      discountAmount: null,
      minChargeAmount: 0n,
      minChargesCount: 0,
      startsAt: new Date(now.getTime() - 60 * DAY),
      endsAt: new Date(now.getTime() + 60 * DAY),
      happyStart: 22 * 60,
      happyEnd: 6 * 60,
      status: 0,
      colours: [
        [0x0b, 0x3d, 0x5c],
        [0x22, 0xa6, 0x99],
      ],
    },
    {
      titleRu: 'Постоянным клиентам 50 сом',
      titleEn: '50 som for regulars',
      titleKy: 'Туруктуу кардарларга 50 сом',
      discountPercent: null,
      discountAmount: 50_00n,
      minChargeAmount: 300_00n,
      minChargesCount: 10,
      startsAt: new Date(now.getTime() - 30 * DAY),
      endsAt: new Date(now.getTime() + 90 * DAY),
      happyStart: 0,
      happyEnd: 1439,
      status: 0,
      colours: [
        [0xf2, 0xb1, 0x34],
        [0x22, 0xa6, 0x99],
      ],
    },
    {
      titleRu: 'Новогодняя акция',
      titleEn: 'New Year promotion',
      titleKy: 'Жаңы жылдык акция',
      discountPercent: 15,
      discountAmount: null,
      minChargeAmount: 0n,
      minChargesCount: 0,
      startsAt: new Date(now.getTime() + 20 * DAY),
      endsAt: new Date(now.getTime() + 40 * DAY),
      happyStart: 10 * 60,
      happyEnd: 18 * 60,
      status: 0,
      colours: [
        [0xc0, 0x39, 0x2b],
        [0xf2, 0xb1, 0x34],
      ],
    },
    {
      titleRu: 'Летний марафон',
      titleEn: 'Summer marathon',
      titleKy: 'Жайкы марафон',
      discountPercent: 10,
      discountAmount: null,
      minChargeAmount: 0n,
      minChargesCount: 0,
      startsAt: new Date(now.getTime() - 160 * DAY),
      endsAt: new Date(now.getTime() - 100 * DAY),
      happyStart: 9 * 60,
      happyEnd: 21 * 60,
      status: 1,
      colours: [
        [0x7a, 0x1f, 0x5c],
        [0xf2, 0x6b, 0x3a],
      ],
    },
    {
      titleRu: 'Код приветствия −30%',
      titleEn: 'Welcome code −30%',
      titleKy: 'Саламдашуу коду −30%',
      discountPercent: 30,
      discountAmount: null,
      minChargeAmount: 0n,
      minChargesCount: 0,
      startsAt: new Date(now.getTime() - 45 * DAY),
      endsAt: new Date(now.getTime() + 45 * DAY),
      happyStart: 0,
      happyEnd: 1439,
      status: 0,
      colours: [
        [0x1f, 0x4e, 0x9c],
        [0x8e, 0x44, 0xad],
      ],
      codes: { prefix: 'HELLO', count: 200, redeemed: 40 },
    },
  ];
  const present = new Set(
    (
      await db
        .select({ titleEn: promotions.titleEn })
        .from(promotions)
        .where(
          inArray(
            promotions.titleEn,
            demo.map((item) => item.titleEn),
          ),
        )
    ).map((row) => row.titleEn),
  );
  let added = 0;
  for (const { colours, codes, ...item } of demo) {
    if (present.has(item.titleEn)) {
      continue;
    }
    const imagePath = await storage.saveFile(demoPromotionImage(colours[0] ?? [], colours[1] ?? []), 'png');
    const [row] = await db
      .insert(promotions)
      .values({
        ...item,
        imagePath,
        initiator: 'company',
        endedAt: item.endsAt <= now ? item.endsAt : null,
      })
      .returning({ id: promotions.id });
    if (row && codes) {
      await seedCodes(db, { ...item, id: row.id }, codes, now);
    }
    added += 1;
  }
  return added;
};
