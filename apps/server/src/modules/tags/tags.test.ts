import { translateMessage } from '@zaryad/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { auditLog } from '../audit';
import { DEMO_TAGS, seedTags } from './tags.seed';
import { tags } from './tags.tables';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});

type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: TMethod, url: string, payload?: object, language = 'ru') =>
  ctx.app.inject({
    method,
    url: `/api/v1/common/tags${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload && { payload }),
  });

let sequence = 0;
/** A tag created through the API, with a title no other test uses. */
const createTag = async (overrides: Record<string, string> = {}) => {
  sequence += 1;
  const response = await api('POST', '/', {
    title_ru: `Метка ${sequence}`,
    title_en: `Tag ${sequence}`,
    title_ky: `Белги ${sequence}`,
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; title_ru: string; title_en: string; title_ky: string; status: 0 | 1 }>();
};

const tagCount = async () => (await ctx.database.db.select({ total: count() }).from(tags))[0]?.total ?? 0;
const tagRow = async (id: number) => (await ctx.database.db.select().from(tags).where(eq(tags.id, id)))[0];
const deactivate = async (id: number) => {
  expect((await api('PATCH', '/statuses/', { ids: [id], active: false })).statusCode).toBe(200);
};

describe('access', () => {
  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/common/tags/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('create', () => {
  it('creates an active tag (201) with trimmed titles and records the audit entry', async () => {
    const response = await api('POST', '/', {
      title_ru: '  Быстрая зарядка ',
      title_en: 'Fast charging',
      title_ky: 'Тез кубаттоо',
    });
    expect(response.statusCode).toBe(201);
    const tag = response.json();
    expect(tag).toEqual({
      id: expect.any(Number),
      title_ru: 'Быстрая зарядка',
      title_en: 'Fast charging',
      title_ky: 'Тез кубаттоо',
      status: 0,
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, String(tag.id))));
    expect(entry).toMatchObject({ action: 'create' });
  });

  it('needs only the Russian title: en and ky default to empty', async () => {
    const response = await api('POST', '/', { title_ru: 'Только русский' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title_ru: 'Только русский', title_en: '', title_ky: '', status: 0 });
  });

  it('refuses over-long and blank titles with translated field messages and stores nothing', async () => {
    const before = await tagCount();
    const tooLong = await api('POST', '/', { title_ru: 'Я'.repeat(51), title_en: 'x'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      title_ru: [translateMessage('max_length:50', 'ru')],
      title_en: [translateMessage('max_length:50', 'ru')],
    });
    expect(tooLong.json().title_ru[0]).toContain('50');

    const blank = await api('POST', '/', { title_ru: '   ' }, 'en');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ title_ru: ['This field may not be blank.'] });

    const missing = await api('POST', '/', { title_en: 'No Russian' }, 'ky');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ title_ru: [translateMessage('required', 'ky')] });
    expect(await tagCount()).toBe(before);
  });

  it('refuses a second tag with the same Russian title, whatever its case', async () => {
    await createTag({ title_ru: 'Крытая парковка' });
    const before = await tagCount();
    const response = await api('POST', '/', { title_ru: 'КРЫТАЯ ПАРКОВКА' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title_ru: ['Запись с таким названием на русском языке уже существует'] });
    expect(await tagCount()).toBe(before);
  });
});

describe('list', () => {
  it('pages newest first with {items, page, pages, size, total}', async () => {
    const first = await createTag();
    const second = await createTag();
    const total = await tagCount();
    const response = await api('GET', '/?page=1&size=10');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, size: 10, total, pages: Math.ceil(total / 10) });
    expect(page.items[0]).toEqual(second);
    expect(page.items[1]).toEqual(first);
    const ids: number[] = page.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const secondPage = await api('GET', '/?page=2&size=1');
    expect(secondPage.json()).toMatchObject({ page: 2, size: 1, pages: total, total, items: [first] });
  });

  it('searches the titles case-insensitively, only the given language when set', async () => {
    const tag = await createTag({ title_ru: 'Круглосуточно', title_en: 'Open 24/7', title_ky: 'Күнү-түнү' });
    const byRussian = await api('GET', `/?search=${encodeURIComponent('КРУГЛОСУТ')}`);
    expect(byRussian.json().items).toEqual([tag]);
    const byEnglish = await api('GET', '/?search=open%2024');
    expect(byEnglish.json().items).toEqual([tag]);
    const englishInRussian = await api('GET', '/?search=open%2024&language=ru');
    expect(englishInRussian.json()).toMatchObject({ items: [], total: 0, pages: 1 });
    const englishInEnglish = await api('GET', '/?search=open%2024&language=en');
    expect(englishInEnglish.json().items).toEqual([tag]);
    const kyrgyz = await api('GET', `/?search=${encodeURIComponent('күнү')}&language=ky`);
    expect(kyrgyz.json().items).toEqual([tag]);
    // LIKE wildcards are taken literally.
    const wildcard = await api('GET', '/?search=%25');
    expect(wildcard.json().total).toBe(0);
  });

  it('filters by active and refuses a bad page or size', async () => {
    const inactive = await createTag();
    await deactivate(inactive.id);
    const onlyInactive = await api('GET', '/?active=false&size=50');
    const items: Array<{ id: number; status: number }> = onlyInactive.json().items;
    expect(items.some((item) => item.id === inactive.id)).toBe(true);
    expect(items.every((item) => item.status === 1)).toBe(true);
    const onlyActive = await api('GET', '/?active=true&size=50');
    expect(onlyActive.json().items.every((item: { status: number }) => item.status === 0)).toBe(true);
    expect((await api('GET', '/?active=maybe')).statusCode).toBe(400);
    const badPage = await api('GET', '/?page=0', undefined, 'en');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toHaveProperty('page');
    expect((await api('GET', '/?size=abc')).statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('changes only the fields sent', async () => {
    const tag = await createTag();
    const response = await api('PATCH', `/${tag.id}/`, { title_en: 'Free parking' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...tag, title_en: 'Free parking' });
    expect(await tagRow(tag.id)).toMatchObject({
      titleRu: tag.title_ru,
      titleEn: 'Free parking',
      titleKy: tag.title_ky,
    });
    // An empty body changes nothing and answers the tag as it is.
    const unchanged = await api('PATCH', `/${tag.id}/`, {});
    expect(unchanged.json()).toEqual({ ...tag, title_en: 'Free parking' });
  });

  it('refuses blank and over-long titles, a taken title and an unknown id, changing nothing', async () => {
    const tag = await createTag();
    const other = await createTag();
    const blank = await api('PATCH', `/${tag.id}/`, { title_ru: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ title_ru: ['Это поле не может быть пустым.'] });
    const tooLong = await api('PATCH', `/${tag.id}/`, { title_ky: 'ы'.repeat(51) }, 'ky');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ title_ky: [translateMessage('max_length:50', 'ky')] });
    const taken = await api('PATCH', `/${tag.id}/`, { title_ru: other.title_ru.toUpperCase() }, 'en');
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ title_ru: ['A record with this Russian title already exists'] });
    expect(await tagRow(tag.id)).toMatchObject({ titleRu: tag.title_ru, titleEn: tag.title_en, titleKy: tag.title_ky });

    const unknown = await api('PATCH', '/999999/', { title_en: 'Ghost' }, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    expect((await api('PATCH', '/abc/', { title_en: 'Ghost' })).statusCode).toBe(400);
  });

  it('lets a tag change the case of its own title', async () => {
    const tag = await createTag({ title_ru: 'рядом с торговым центром' });
    const response = await api('PATCH', `/${tag.id}/`, { title_ru: 'Рядом с торговым центром' });
    expect(response.statusCode).toBe(200);
    expect(response.json().title_ru).toBe('Рядом с торговым центром');
  });
});

describe('statuses', () => {
  it('switches several tags and answers the updated records', async () => {
    const first = await createTag();
    const second = await createTag();
    const off = await api('PATCH', '/statuses/', { ids: [second.id, first.id], active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual([
      { ...first, status: 1 },
      { ...second, status: 1 },
    ]);
    const on = await api('PATCH', '/statuses/', { ids: [first.id], active: true });
    expect(on.json()).toEqual([{ ...first, status: 0 }]);
    expect((await tagRow(second.id))?.status).toBe(1);
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    const tag = await createTag();
    const response = await api('PATCH', '/statuses/', { ids: [tag.id, 999999], active: false }, 'ky');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: translateMessage('records_not_found:999999', 'ky') });
    expect((await tagRow(tag.id))?.status).toBe(0);
    expect((await api('PATCH', '/statuses/', { ids: [], active: false })).statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('refuses an active tag with a JSON array of translated messages and keeps it', async () => {
    const tag = await createTag();
    const ru = await api('DELETE', `/${tag.id}/`);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual(['Активную запись нельзя удалить. Сначала деактивируйте её.']);
    const en = await api('DELETE', `/${tag.id}/`, undefined, 'en');
    expect(en.json()).toEqual(['An active record cannot be deleted. Deactivate it first.']);
    const ky = await api('DELETE', `/${tag.id}/`, undefined, 'ky');
    expect(ky.json()).toEqual([translateMessage('active_delete_forbidden', 'ky')]);
    expect(await tagRow(tag.id)).toBeDefined();
  });

  it('deletes an inactive tag (204); an unknown id is a 404', async () => {
    const tag = await createTag();
    await deactivate(tag.id);
    const response = await api('DELETE', `/${tag.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await tagRow(tag.id)).toBeUndefined();
    const again = await api('DELETE', `/${tag.id}/`, undefined, 'en');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Not found.' });
  });

  it('keeps the platform error shapes for other errors of the delete route', async () => {
    const response = await api('DELETE', '/0/', undefined, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('id');
  });
});

describe('demo seed', () => {
  it('adds every demo tag once, in three languages, and changes nothing when run again', async () => {
    await seedTags(ctx.database.db);
    expect(await seedTags(ctx.database.db)).toBe(0);
    const listed = (await api('GET', '/?size=1000')).json().items as Array<{
      title_ru: string;
      title_en: string;
      title_ky: string;
      status: number;
    }>;
    for (const demo of DEMO_TAGS) {
      const matches = listed.filter((tag) => tag.title_ru.toLowerCase() === demo.title_ru.toLowerCase());
      expect(matches).toHaveLength(1);
    }
    const unavailable = listed.find((tag) => tag.title_ru === 'Временно недоступно');
    expect(unavailable).toMatchObject({ title_en: 'Temporarily unavailable', status: 1 });
    expect(listed.find((tag) => tag.title_ru === 'Быстрая зарядка DC')).toMatchObject({
      title_ky: 'DC тез кубаттоо',
      status: 0,
    });
  });
});
