import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { translateMessage } from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../platform/scheduler';
import { scheduledJobs } from '../../platform/scheduler.tables';
import { auditLog } from '../audit';
import { buildBanner } from '../../test/banner-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { sendMultipart, type TFormValue, type UploadFile } from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { DEMO_BANNER_SIZE, DEMO_FULLSCREEN_SIZE, demoBannerImage } from './banners.demo-image';
import { seedBanners } from './banners.seed';
import { archiveEndedBanners, archiveJob } from './banners.service';
import { banners, bannerStations } from './banners.tables';

let ctx: TestContext;
let headers: Record<string, string>;

const HOUR = 60 * 60 * 1000;
const BANNER_PNG = demoBannerImage(0, DEMO_BANNER_SIZE.width, DEMO_BANNER_SIZE.height);
const FULLSCREEN_PNG = demoBannerImage(1, DEMO_FULLSCREEN_SIZE.width, DEMO_FULLSCREEN_SIZE.height);

/** A baseline JPEG whose start-of-frame says `width` × `height` (enough for the size check). */
const jpegOf = (width: number, height: number) => {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  return Buffer.concat([Buffer.from('ffd8', 'hex'), app0, sof, Buffer.from('ffd9', 'hex')]);
};

const image = (bytes: Buffer | string, filename = 'image.png'): UploadFile => ({ bytes, filename, type: 'image/png' });

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const bannerFields = (
  overrides: Record<string, TFormValue | undefined> = {},
): Record<string, TFormValue | undefined> => ({
  type: 'banner',
  name: 'Скидка 20% ночью',
  source_link: 'https://zaryad.kg/promo/night',
  button_name: 'Подробнее',
  button_color: '#22a699',
  status: '0',
  start_date: inHours(-1),
  end_date: inHours(24 * 7),
  image: image(BANNER_PNG),
  ...overrides,
});

const fullscreenFields = (
  overrides: Record<string, TFormValue | undefined> = {},
): Record<string, TFormValue | undefined> => ({
  type: 'fullscreen',
  name: 'Zaryad 3.0',
  link: 'https://zaryad.kg/app',
  categories: ['main', 'maps'],
  destination: 'browser',
  status: '0',
  start_date: inHours(-1),
  end_date: inHours(24 * 7),
  image: image(FULLSCREEN_PNG),
  ...overrides,
});

const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, TFormValue | undefined>, language = 'en') =>
  sendMultipart(ctx.app, method, `/api/v1/ads/banners${url}`, { ...headers, 'accept-language': language }, fields);

const api = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object, language = 'en') =>
  ctx.app.inject({
    method,
    url: `/api/v1/ads/banners${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload && { payload }),
  });

const uploads = () => {
  const folder = join(ctx.config.dataDir, 'uploads', 'banners');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

const storedRows = () => ctx.database.db.select().from(banners).orderBy(banners.id);

const ids = async (query: string) =>
  ((await api('GET', `/?${query}`)).json() as { items: { id: number }[] }).items
    .map((item) => item.id)
    .sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(banners);
  rmSync(join(ctx.config.dataDir, 'uploads', 'banners'), { recursive: true, force: true });
});

describe('create and read', () => {
  it('creates a banner with its image, merchant and stations; reads it back', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const station = await buildStation(ctx.database.db, { merchantId: merchant.id });
    const response = await send('POST', '/', bannerFields({ merchant: String(merchant.id), stations: [station.id] }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'banner',
      is_banner: true,
      name: 'Скидка 20% ночью',
      image: expect.stringMatching(/^\/media\/banners\/[0-9a-f]{32}\.png$/),
      source_link: 'https://zaryad.kg/promo/night',
      button_name: 'Подробнее',
      button_color: '#22A699',
      merchant: merchant.id,
      merchant_name: merchant.name,
      stations: [station.id],
      status: 0,
      start_date: expect.any(String),
      end_date: expect.any(String),
      is_archived: false,
      created_at: expect.any(String),
    });
    expect(uploads()).toHaveLength(1);
    expect((await api('GET', `/${created.id}/`)).json()).toEqual(created);
    const served = await ctx.app.inject({ method: 'GET', url: created.image });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(BANNER_PNG)).toBe(true);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'banner'), eq(auditLog.entityId, String(created.id))));
    expect(audit?.action).toBe('create');
  });

  it('creates a fullscreen from a 9:19.5 png or jpeg, one or several categories', async () => {
    const png = await send('POST', '/', fullscreenFields());
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({
      type: 'fullscreen',
      is_banner: false,
      link: 'https://zaryad.kg/app',
      categories: ['main', 'maps'],
      destination: 'browser',
      merchant: null,
      merchant_name: null,
    });
    // 1080 × 2340 is exactly 9:19.5; 1085 × 2340 is 0.46% off, still within 1%.
    for (const [width, height] of [
      [1080, 2340],
      [1085, 2340],
    ] as const) {
      const jpeg = await send(
        'POST',
        '/',
        fullscreenFields({ categories: ['stock'], image: image(jpegOf(width, height), 'ios.jpg') }),
      );
      expect(jpeg.statusCode).toBe(201);
      expect(jpeg.json().image).toMatch(/\.jpg$/);
    }
    expect(uploads()).toHaveLength(3);
  });

  it('keeps an inactive item whose period has passed: it goes straight to the archive', async () => {
    const response = await send(
      'POST',
      '/',
      bannerFields({ status: '1', start_date: inHours(-48), end_date: inHours(-24) }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 1, is_archived: true });
    expect(await ids('type=banner&archive=true')).toEqual([response.json().id]);
    expect(await ids('type=banner')).toEqual([]);
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await api('GET', '/424242/')).statusCode).toBe(404);
    expect((await send('PATCH', '/424242/', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('bad input: refused on its field, nothing stored', () => {
  const refusals: [string, () => Record<string, TFormValue | undefined>, Record<string, string[]>][] = [
    [
      'an end equal to the start',
      () => bannerFields({ start_date: '2030-01-01T10:00:00+06:00', end_date: '2030-01-01T10:00:00+06:00' }),
      { end_date: ['The start must be earlier than the end'] },
    ],
    [
      'an end before the start',
      () => fullscreenFields({ start_date: '2030-01-02T10:00:00+06:00', end_date: '2030-01-01T10:00:00+06:00' }),
      { end_date: ['The start must be earlier than the end'] },
    ],
    [
      'an active item whose period has passed',
      () => bannerFields({ start_date: inHours(-48), end_date: inHours(-1) }),
      { end_date: ['The validity period has passed: it cannot be activated'] },
    ],
    [
      'a bad source link',
      () => bannerFields({ source_link: 'zaryad.kg/promo' }),
      { source_link: ['Enter a valid link starting with http:// or https://'] },
    ],
    [
      'a link of another scheme',
      () => fullscreenFields({ link: 'javascript:alert(1)' }),
      { link: ['Enter a valid link starting with http:// or https://'] },
    ],
    [
      'a wrong fullscreen ratio',
      () => fullscreenFields({ image: image(BANNER_PNG) }),
      { image: ['The image must have a 9:19.5 aspect ratio (for example 1080 × 2340)'] },
    ],
    [
      'a ratio 2% off',
      () => fullscreenFields({ image: image(jpegOf(1100, 2340), 'a.jpg') }),
      { image: ['The image must have a 9:19.5 aspect ratio (for example 1080 × 2340)'] },
    ],
    ['a missing image', () => bannerFields({ image: undefined }), { image: ['Upload an image'] }],
    [
      'an oversized image',
      () => bannerFields({ image: image(Buffer.concat([BANNER_PNG, Buffer.alloc(256 * 1024, 1)])) }),
      { image: ['Image must be 256KB or smaller'] },
    ],
    [
      'a text file named .png',
      () => bannerFields({ image: image('just some text, not an image', 'fake.png') }),
      { image: ['Only PNG and JPEG images are allowed'] },
    ],
    [
      'a png whose header holds no size',
      () => bannerFields({ image: image(BANNER_PNG.subarray(0, 16)) }),
      { image: ['Only PNG and JPEG images are allowed'] },
    ],
    [
      'an unknown category',
      () => fullscreenFields({ categories: ['main', 'weather'] }),
      { categories: ['Select a valid choice.'] },
    ],
    [
      'no category',
      () => fullscreenFields({ categories: undefined }),
      { categories: ['Select at least one category'] },
    ],
    [
      'an unknown destination',
      () => fullscreenFields({ destination: 'moon' }),
      { destination: ['Select a valid choice.'] },
    ],
    ['a bad colour', () => bannerFields({ button_color: 'teal' }), { button_color: ['Enter a colour as #RRGGBB'] }],
    ['a blank name', () => bannerFields({ name: '  ' }), { name: ['This field may not be blank.'] }],
    ['a bad date', () => bannerFields({ start_date: '2030-02-30' }), { start_date: ['Enter a valid date.'] }],
    ['no type', () => bannerFields({ type: undefined }), { type: ['This field is required.'] }],
    ['an unknown type', () => bannerFields({ type: 'popup' }), { type: ['Select a valid choice.'] }],
    [
      'a fullscreen field on a banner',
      () => bannerFields({ categories: ['main'] }),
      { categories: ['Unknown field.'] },
    ],
    [
      'stations without a merchant',
      () => bannerFields({ stations: [1] }),
      { stations: ['Choose a merchant before its stations'] },
    ],
    ['an unknown merchant', () => bannerFields({ merchant: '424242' }), { merchant: ['Merchant not found'] }],
  ];

  it.each(refusals)('%s', async (_name, fields, expected) => {
    const response = await send('POST', '/', fields());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await storedRows()).toEqual([]);
    expect(uploads()).toEqual([]);
  });

  it('stations of another merchant', async () => {
    const mine = await buildMerchant(ctx.database.db);
    const other = await buildMerchant(ctx.database.db);
    const own = await buildStation(ctx.database.db, { merchantId: mine.id });
    const foreign = await buildStation(ctx.database.db, { merchantId: other.id });
    const response = await send(
      'POST',
      '/',
      bannerFields({ merchant: String(mine.id), stations: [own.id, foreign.id] }),
      'ru',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ stations: ['Станции должны принадлежать выбранному мерчанту'] });
    expect(await storedRows()).toEqual([]);
    expect(uploads()).toEqual([]);
  });

  it('answers every message in ru, en and ky', async () => {
    for (const language of ['ru', 'en', 'ky'] as const) {
      const response = await send(
        'POST',
        '/',
        fullscreenFields({ link: 'ftp://x', image: image(BANNER_PNG) }),
        language,
      );
      expect(response.json()).toEqual({
        link: [translateMessage('url_invalid', language)],
        image: [translateMessage('fullscreen_ratio', language)],
      });
    }
    expect(translateMessage('fullscreen_ratio', 'ky')).toContain('9:19,5');
  });

  it('refuses a JSON body (415) and a role without the permission (403)', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/v1/ads/banners/', headers, payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    const analyst = await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'analyst' }));
    const refused = await sendMultipart(ctx.app, 'POST', '/api/v1/ads/banners/', analyst.headers, bannerFields());
    expect(refused.statusCode).toBe(403);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/ads/banners/', headers: analyst.headers });
    expect(listed.statusCode).toBe(200);
    expect(await storedRows()).toEqual([]);
  });
});

describe('list', () => {
  it('lists one type, current or archived, with search, merchant, status and category filters, paged', async () => {
    const db = ctx.database.db;
    const merchant = await buildMerchant(db);
    const night = await buildBanner(db, { name: 'Ночная скидка', merchantId: merchant.id });
    const coffee = await buildBanner(db, {
      name: 'Кофе в подарок',
      isActive: false,
      startsAt: new Date(Date.now() + 24 * HOUR),
    });
    const ended = await buildBanner(db, {
      name: 'Летний марафон',
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    const archived = await buildBanner(db, { name: 'Старый', archivedAt: new Date(), isActive: false });
    const main = await buildBanner(db, { type: 'fullscreen', categories: ['main', 'maps'] });
    const stock = await buildBanner(db, { type: 'fullscreen', categories: ['stock'], merchantId: merchant.id });
    expect(await ids('type=banner')).toEqual([night.id, coffee.id]);
    expect(await ids('')).toEqual([night.id, coffee.id]);
    expect(await ids('type=banner&archive=true')).toEqual([ended.id, archived.id]);
    expect(await ids('type=fullscreen')).toEqual([main.id, stock.id]);
    expect(await ids('type=fullscreen&archive=true')).toEqual([]);
    expect(await ids('type=banner&search=скидка')).toEqual([night.id]);
    expect(await ids(`type=banner&merchant=${merchant.id}`)).toEqual([night.id]);
    expect(await ids('type=banner&active=false')).toEqual([coffee.id]);
    expect(await ids('type=banner&active=true')).toEqual([night.id]);
    expect(await ids('type=fullscreen&category=maps')).toEqual([main.id]);
    expect(await ids('type=fullscreen&category=&merchant=&search=')).toEqual([main.id, stock.id]);
    const page = (await api('GET', '/?type=banner&size=1&page=2')).json();
    expect(page).toMatchObject({ total: 2, pages: 2, page: 2, size: 1 });
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([night.id]);
    const first = (await api('GET', '/?type=banner')).json().items[0];
    expect(first).toMatchObject({ id: coffee.id, is_banner: true, is_archived: false });
    const endedItem = (await api('GET', '/?type=banner&archive=true'))
      .json()
      .items.find((item: { id: number }) => item.id === ended.id);
    expect(endedItem).toMatchObject({ is_archived: true });
  });

  it('refuses bad filters', async () => {
    const response = await api('GET', '/?type=popup&category=weather&archive=maybe');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['archive', 'category', 'type']);
  });
});

describe('update', () => {
  it('changes only the fields sent; the dates are checked against the stored ones', async () => {
    const created = (await send('POST', '/', bannerFields())).json();
    const renamed = await send('PATCH', `/${created.id}/`, { name: 'Ночью дешевле', button_color: '#0b3d5c' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created, name: 'Ночью дешевле', button_color: '#0B3D5C' });
    const before = await send('PATCH', `/${created.id}/`, { end_date: created.start_date });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ end_date: ['The start must be earlier than the end'] });
    const badLink = await send('PATCH', `/${created.id}/`, { source_link: 'http://' });
    expect(badLink.json()).toEqual({ source_link: ['Enter a valid link starting with http:// or https://'] });
    expect((await api('GET', `/${created.id}/`)).json()).toMatchObject({
      name: 'Ночью дешевле',
      end_date: created.end_date,
    });
  });

  it('replaces the image and removes the old file; a bad image changes nothing', async () => {
    const created = (await send('POST', '/', fullscreenFields())).json();
    const refused = await send('PATCH', `/${created.id}/`, { image: image(BANNER_PNG), name: 'Другое' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ image: [translateMessage('fullscreen_ratio', 'en')] });
    expect(uploads()).toHaveLength(1);
    const replaced = await send('PATCH', `/${created.id}/`, { image: image(jpegOf(1080, 2340), 'new.jpg') });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().image).not.toBe(created.image);
    expect(uploads()).toEqual([replaced.json().image.split('/').pop()]);
    expect((await api('GET', `/${created.id}/`)).json().name).toBe('Zaryad 3.0');
  });

  it('never activates an item whose end has passed; a new end ahead brings it back from the archive', async () => {
    const row = await buildBanner(ctx.database.db, {
      isActive: false,
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    await archiveEndedBanners(ctx.database.db, new Date());
    const activate = await send('PATCH', `/${row.id}/`, { status: '0' }, 'ru');
    expect(activate.statusCode).toBe(400);
    expect(activate.json()).toEqual({ status: ['Срок действия истёк: активировать нельзя'] });
    const extended = await send('PATCH', `/${row.id}/`, { status: '0', end_date: inHours(24) });
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ status: 0, is_archived: false });
    expect(await ids('type=banner')).toEqual([row.id]);
  });

  it('keeps the type, changes and clears stations of the merchant', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const [a, b] = [
      await buildStation(ctx.database.db, { merchantId: merchant.id }),
      await buildStation(ctx.database.db, { merchantId: merchant.id }),
    ];
    const created = (await send('POST', '/', bannerFields({ merchant: String(merchant.id), stations: [a.id] }))).json();
    const typeChange = await send('PATCH', `/${created.id}/`, { type: 'fullscreen' });
    expect(typeChange.json()).toEqual({ type: ['A banner cannot become a fullscreen or the other way round'] });
    const foreignField = await send('PATCH', `/${created.id}/`, { link: 'https://zaryad.kg' });
    expect(foreignField.json()).toEqual({ link: ['Unknown field.'] });
    expect((await send('PATCH', `/${created.id}/`, { stations: [a.id, b.id] })).json().stations).toEqual([a.id, b.id]);
    const other = await buildMerchant(ctx.database.db);
    const moved = await send('PATCH', `/${created.id}/`, { merchant: String(other.id) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ stations: ['The stations must belong to the chosen merchant'] });
    const cleared = await send('PATCH', `/${created.id}/`, { stations: '' });
    expect(cleared.json().stations).toEqual([]);
    expect(await ctx.database.db.select().from(bannerStations).where(eq(bannerStations.bannerId, created.id))).toEqual(
      [],
    );
  });
});

describe('bulk status', () => {
  it('switches items and answers them in id order', async () => {
    const a = await buildBanner(ctx.database.db);
    const b = await buildBanner(ctx.database.db, { type: 'fullscreen' });
    const off = await api('PATCH', '/statuses/', { ids: [b.id, a.id], active: false });
    expect(off.statusCode).toBe(200);
    expect(
      off.json().map((item: { id: number; status: number; type: string }) => [item.id, item.status, item.type]),
    ).toEqual([
      [a.id, 1, 'banner'],
      [b.id, 1, 'fullscreen'],
    ]);
    const on = await api('PATCH', '/statuses/', { ids: [a.id], active: true });
    expect(on.json()).toMatchObject([{ id: a.id, status: 0 }]);
  });

  it('refuses to activate an ended item and changes none of the selection', async () => {
    const current = await buildBanner(ctx.database.db, { isActive: false });
    const ended = await buildBanner(ctx.database.db, {
      isActive: false,
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    const response = await api('PATCH', '/statuses/', { ids: [current.id, ended.id], active: true }, 'ru');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ids: [`Срок действия этих записей истёк, их нельзя активировать: ${ended.id}`] });
    expect((await storedRows()).map((row) => row.status)).toEqual([1, 1]);
    const missing = await api('PATCH', '/statuses/', { ids: [current.id, 424242], active: true });
    expect(missing.statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('deletes an inactive item with its image; an active one stays', async () => {
    const created = (await send('POST', '/', bannerFields())).json();
    const refused = await api('DELETE', `/${created.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(uploads()).toHaveLength(1);
    await api('PATCH', '/statuses/', { ids: [created.id], active: false });
    expect((await api('DELETE', `/${created.id}/`)).statusCode).toBe(204);
    expect(await storedRows()).toEqual([]);
    expect(uploads()).toEqual([]);
  });
});

describe('archive job', () => {
  it('archives and deactivates the items whose end has passed, and only those', async () => {
    const db = ctx.database.db;
    const now = new Date('2031-06-01T12:00:00Z');
    const running = await buildBanner(db, {
      startsAt: new Date('2031-05-01T00:00:00Z'),
      endsAt: new Date('2031-06-01T12:00:01Z'),
    });
    const endsNow = await buildBanner(db, { startsAt: new Date('2031-05-01T00:00:00Z'), endsAt: now });
    const ended = await buildBanner(db, {
      type: 'fullscreen',
      startsAt: new Date('2031-05-01T00:00:00Z'),
      endsAt: new Date('2031-05-20T00:00:00Z'),
    });
    expect(await archiveEndedBanners(db, now)).toEqual([endsNow.id, ended.id]);
    const rows = await storedRows();
    expect(rows.map((row) => [row.id, row.status, row.archivedAt?.toISOString() ?? null])).toEqual([
      [running.id, 0, null],
      [endsNow.id, 1, now.toISOString()],
      [ended.id, 1, now.toISOString()],
    ]);
    // A second tick finds nothing more to do.
    expect(await archiveEndedBanners(db, now)).toEqual([]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'banner'), eq(auditLog.entityId, String(ended.id))));
    expect(audits.map((entry) => entry.action)).toEqual(['update']);
  });

  it('runs under its advisory lock, and when the app starts', async () => {
    const ended = await buildBanner(ctx.database.db, {
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    expect(await runJobOnce(ctx.database.db, archiveJob)).toBe(true);
    expect((await storedRows())[0]?.archivedAt).not.toBeNull();
    const later = await buildBanner(ctx.database.db, {
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    // As on a database where no process has run it within its period (the test's own app ran it when it started):
    // a process starting then runs it at once.
    await ctx.database.db.delete(scheduledJobs).where(eq(scheduledJobs.name, archiveJob.name));
    const other = await ctx.buildAnotherApp();
    await other.ready();
    // The first tick is queued on ready; closing waits for it.
    await other.close();
    const rows = await storedRows();
    expect(rows.map((row) => [row.id, row.archivedAt !== null])).toEqual([
      [ended.id, true],
      [later.id, true],
    ]);
  });
});

describe('live', () => {
  it('answers the active banners and the active fullscreens of a category, now', async () => {
    const db = ctx.database.db;
    const merchant = await buildMerchant(db);
    const station = await buildStation(db, { merchantId: merchant.id });
    const banner = await buildBanner(db, { merchantId: merchant.id, stationIds: [station.id] });
    await buildBanner(db, { isActive: false });
    await buildBanner(db, { startsAt: new Date(Date.now() + HOUR) });
    await buildBanner(db, { startsAt: new Date(Date.now() - 48 * HOUR), endsAt: new Date(Date.now() - HOUR) });
    const maps = await buildBanner(db, { type: 'fullscreen', categories: ['main', 'maps'] });
    await buildBanner(db, { type: 'fullscreen', categories: ['stock'] });
    const response = await api('GET', '/live/?category=maps');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      category: 'maps',
      banners: [
        {
          id: banner.id,
          name: banner.name,
          image: `/media/${banner.imagePath}`,
          source_link: banner.link,
          button_name: 'Подробнее',
          button_color: '#22A699',
          merchant: merchant.id,
          stations: [station.id],
          end_date: banner.endsAt.toISOString(),
        },
      ],
      fullscreens: [
        {
          id: maps.id,
          name: maps.name,
          image: `/media/${maps.imagePath}`,
          link: maps.link,
          destination: 'browser',
          merchant: null,
          end_date: maps.endsAt.toISOString(),
        },
      ],
    });
    expect((await api('GET', '/live/?category=weather')).statusCode).toBe(400);
  });

  it('is cached briefly, and a change through the API is seen at once', async () => {
    const first = await buildBanner(ctx.database.db, { type: 'fullscreen', categories: ['list'] });
    expect(
      (await api('GET', '/live/?category=list')).json().fullscreens.map((item: { id: number }) => item.id),
    ).toEqual([first.id]);
    // Written behind the service's back: the cached answer stands.
    await buildBanner(ctx.database.db, { type: 'fullscreen', categories: ['list'] });
    expect((await api('GET', '/live/?category=list')).json().fullscreens).toHaveLength(1);
    await api('PATCH', '/statuses/', { ids: [first.id], active: false });
    expect((await api('GET', '/live/?category=list')).json().fullscreens).toHaveLength(1);
    expect((await api('GET', '/live/?category=list')).json().fullscreens[0].id).not.toBe(first.id);
  });
});

describe('demo seed', () => {
  it('adds current, upcoming and archived items with real images, once', async () => {
    const storage = (await import('../media')).createLocalFileStorage(join(ctx.config.dataDir, 'uploads'), 'banners');
    const added = await seedBanners(ctx.database.db, storage);
    expect(added).toBe(8);
    expect(await seedBanners(ctx.database.db, storage)).toBe(0);
    expect(await ids('type=banner')).toHaveLength(3);
    expect(await ids('type=banner&archive=true')).toHaveLength(1);
    expect(await ids('type=fullscreen')).toHaveLength(3);
    expect(await ids('type=fullscreen&archive=true')).toHaveLength(1);
    expect(uploads()).toHaveLength(8);
  });
});
