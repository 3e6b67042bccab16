import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ICON_MAX_BYTES, translateMessage } from '@zaryad/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createLocalFileStorage } from '../media';
import { DEMO_SURROUNDINGS, seedSurroundings } from './surroundings.seed';
import { surroundings } from './surroundings.tables';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">' +
  '<path d="M4 4h16v16H4z" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
// The first bytes of a real PNG file.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

interface FileField {
  bytes: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart body built the way a browser builds it (FormData serialised by the platform's Response). */
const multipart = async (fields: Record<string, string>, icon?: FileField) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, value);
  }
  if (icon) {
    form.append('icon', new Blob([icon.bytes], { type: icon.type ?? 'image/svg+xml' }), icon.filename ?? 'icon.svg');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
};

type TSurrounding = {
  id: number;
  title_ru: string;
  title_en: string;
  title_ky: string;
  icon_path: string;
  status: 0 | 1;
};

const send = async (
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  icon?: FileField,
  language = 'ru',
) => {
  const body = await multipart(fields, icon);
  return ctx.app.inject({
    method,
    url: `/api/v1/common/surroundings${url}`,
    headers: { ...headers, 'accept-language': language, 'content-type': body.contentType },
    payload: body.payload,
  });
};

const api = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object, language = 'ru') =>
  ctx.app.inject({
    method,
    url: `/api/v1/common/surroundings${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload && { payload }),
  });

let sequence = 0;
const createItem = async (fields: Record<string, string> = {}, icon: FileField = { bytes: ICON }) => {
  sequence += 1;
  const response = await send(
    'POST',
    '/',
    { title_ru: `Объект ${sequence}`, title_en: `Place ${sequence}`, title_ky: `Жай ${sequence}`, ...fields },
    icon,
  );
  expect(response.statusCode).toBe(201);
  return response.json<TSurrounding>();
};

const iconDir = () => join(ctx.config.dataDir, 'uploads', 'surroundings');
const storedFiles = () => (existsSync(iconDir()) ? readdirSync(iconDir()).sort() : []);
const itemCount = async () => (await ctx.database.db.select({ total: count() }).from(surroundings))[0]?.total ?? 0;
const itemRow = async (id: number) =>
  (await ctx.database.db.select().from(surroundings).where(eq(surroundings.id, id)))[0];
const fetchMedia = (url: string) => ctx.app.inject({ method: 'GET', url });
const deactivate = async (id: number) => {
  expect((await api('PATCH', '/statuses/', { ids: [id], active: false })).statusCode).toBe(200);
};

/** Asserts that a refused request stored neither a row nor a file. */
const expectNothingStored = async (action: () => Promise<void>) => {
  const rows = await itemCount();
  const files = storedFiles();
  await action();
  expect(await itemCount()).toBe(rows);
  expect(storedFiles()).toEqual(files);
};

describe('create', () => {
  it('creates an active item (201) with its icon served from /media/ as a harmless svg', async () => {
    const response = await send('POST', '/', { title_ru: 'Кафе', title_en: 'Café', title_ky: 'Кафе' }, { bytes: ICON });
    expect(response.statusCode).toBe(201);
    const item = response.json<TSurrounding>();
    expect(item).toEqual({
      id: expect.any(Number),
      title_ru: 'Кафе',
      title_en: 'Café',
      title_ky: 'Кафе',
      icon_path: expect.stringMatching(/^\/media\/surroundings\/[0-9a-f]{32}\.svg$/),
      status: 0,
    });
    const icon = await fetchMedia(item.icon_path);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(icon.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(icon.body).toContain('<path d="M4 4h16v16H4z"');
  });

  it('requires the icon and the Russian title, answering every field at once', async () => {
    await expectNothingStored(async () => {
      const response = await send('POST', '/', { title_en: 'Toilet' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title_ru: [translateMessage('required', 'ru')],
        icon: ['Загрузите иконку'],
      });
    });
  });

  it('refuses over-long and blank titles with the same messages as the JSON routes', async () => {
    await expectNothingStored(async () => {
      const response = await send('POST', '/', { title_ru: '  ', title_ky: 'к'.repeat(51) }, { bytes: ICON }, 'en');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title_ru: ['This field may not be blank.'],
        title_ky: ['Ensure this field has no more than 50 characters.'],
      });
    });
  });

  it('judges the icon by its content: a PNG renamed .svg is refused', async () => {
    await expectNothingStored(async () => {
      const ru = await send(
        'POST',
        '/',
        { title_ru: 'Туалет' },
        { bytes: PNG, filename: 'toilet.svg', type: 'image/svg+xml' },
      );
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({ icon: ['Иконка должна быть изображением SVG'] });
      const en = await send('POST', '/', { title_ru: 'Туалет' }, { bytes: PNG, filename: 'toilet.svg' }, 'en');
      expect(en.json()).toEqual({ icon: ['The icon must be an SVG image'] });
      // Not well-formed, not svg at the root, plain text: none is an svg image either.
      for (const bytes of ['<svg xmlns="http://www.w3.org/2000/svg"><path></svg>', '<html><body/></html>', 'hello']) {
        const response = await send('POST', '/', { title_ru: 'Туалет' }, { bytes });
        expect(response.json()).toEqual({ icon: ['Иконка должна быть изображением SVG'] });
      }
    });
  });

  it('accepts an svg of exactly 256 KB and refuses a larger one with the translated message', async () => {
    const padded = (size: number) => ICON.replace('</svg>', `${' '.repeat(size - Buffer.byteLength(ICON))}</svg>`);
    await expectNothingStored(async () => {
      const ky = await send('POST', '/', { title_ru: 'Большая иконка' }, { bytes: padded(ICON_MAX_BYTES + 1) }, 'ky');
      expect(ky.statusCode).toBe(400);
      expect(ky.json()).toEqual({ icon: [translateMessage('image_too_large_256', 'ky')] });
      const en = await send('POST', '/', { title_ru: 'Большая иконка' }, { bytes: padded(ICON_MAX_BYTES * 4) }, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({ icon: ['Image must be 256KB or smaller'] });
    });
    const exact = await send('POST', '/', { title_ru: 'Иконка ровно 256 КБ' }, { bytes: padded(ICON_MAX_BYTES) });
    expect(exact.statusCode).toBe(201);
  });

  it('answers 400, never 500, to a multipart body with no boundary, a wrong one or cut short', async () => {
    const valid = await multipart({ title_ru: 'Кафе' }, { bytes: ICON });
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=elsewhere', valid.payload],
      [valid.contentType, valid.payload.subarray(0, valid.payload.length - 60)],
    ] as const) {
      for (const [method, url] of [['POST', '/'], ['PATCH', '/1/']] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/v1/common/surroundings${url}`,
          headers: { ...headers, 'content-type': contentType, 'accept-language': 'en' },
          payload,
        });
        expect(response.statusCode, `${method} ${contentType}`).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: ['The multipart request body is malformed.'] });
      }
    }
  });

  it('refuses a JSON body (415) and a taken Russian title, removing the stored file', async () => {
    await createItem({ title_ru: 'Банкомат' });
    await expectNothingStored(async () => {
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/common/surroundings/',
        headers: { ...headers, 'accept-language': 'en' },
        payload: { title_ru: 'JSON' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ detail: 'Unsupported media type.' });
      const taken = await send('POST', '/', { title_ru: 'банкомат' }, { bytes: ICON });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ title_ru: ['Запись с таким названием на русском языке уже существует'] });
    });
  });
});

describe('hostile svg', () => {
  const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="http://evil.example/x.css"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://evil.example/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert('onload')">
  <script type="text/javascript">alert('script')</script>
  <style>@import url(http://evil.example/a.css); circle { fill: url(http://evil.example/f.svg#p) }</style>
  <defs><path id="dot" d="M11 11h2v2h-2z"/></defs>
  <a href="javascript:alert('link')"><rect width="5" height="5"/></a>
  <a xlink:href="javascript:alert('xlink')"><rect width="6" height="6"/></a>
  <foreignObject width="24" height="24"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example/"></iframe><script>alert('html')</script></body></foreignObject>
  <image href="http://evil.example/tracker.png" width="1" height="1"/>
  <use xlink:href="http://evil.example/sprite.svg#icon"/>
  <use xlink:href="#dot"/>
  <circle cx="12" cy="12" r="10" fill="none" stroke="black" onclick="alert('click')" onmouseover="alert('over')" style="stroke-width: 2; background: url(http://evil.example/bg.png)"/>
  <path d="M2 2h4" fill="url(http://evil.example/g.svg#grad)"/>
  <iframe src="http://evil.example/frame"/><embed src="http://evil.example/e.swf"/>
  <animate attributeName="href" to="javascript:alert('animate')"/>
  <set attributeName="onclick" to="alert('set')"/>
</svg>`;

  it('is stored without anything executable or external, and served with headers that stop it running', async () => {
    const response = await send('POST', '/', { title_ru: 'Опасная иконка' }, { bytes: HOSTILE });
    expect(response.statusCode).toBe(201);
    const served = await fetchMedia(response.json<TSurrounding>().icon_path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const svg = served.body;
    for (const forbidden of [
      /<script/i,
      /alert/i,
      /\bon[a-z]+\s*=/i,
      /javascript:/i,
      /foreignObject/i,
      /<iframe/i,
      /<embed/i,
      /<image/i,
      /evil\.example/i,
      /xlink/i,
      /<style/i,
      /@import/i,
      /<!DOCTYPE/i,
      /<\?xml-stylesheet/i,
      /<animate/i,
      /<set/i,
      /<a[\s>]/i,
      /<body/i,
    ]) {
      expect(svg).not.toMatch(forbidden);
    }
    // The harmless drawing survives: the circle with its stroke, the path and the local <use>.
    expect(svg).toMatch(/^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<circle cx="12" cy="12" r="10" fill="none" stroke="black" style="stroke-width: 2"/>');
    expect(svg).toContain('<use href="#dot"/>');
    expect(svg).toContain('<path d="M2 2h4"/>');
  });

  it('refuses an svg relying on entities (no entity expansion at all)', async () => {
    const entities = `<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>`;
    const response = await send('POST', '/', { title_ru: 'Сущности' }, { bytes: entities });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ icon: ['Иконка должна быть изображением SVG'] });
  });
});

describe('list', () => {
  it('pages newest first, searches the titles (one language when given) and filters by active', async () => {
    const wifi = await createItem({ title_ru: 'Бесплатный Wi-Fi', title_en: 'Free Wi-Fi', title_ky: 'Акысыз Wi-Fi' });
    const shop = await createItem({ title_ru: 'Магазин', title_en: 'Shop', title_ky: 'Дүкөн' });
    await deactivate(shop.id);
    const page = (await api('GET', '/?page=1&size=50')).json();
    expect(page).toMatchObject({ page: 1, size: 50, total: await itemCount() });
    expect(page.items[0]).toEqual({ ...shop, status: 1 });
    expect(page.items[1]).toEqual(wifi);

    expect((await api('GET', '/?search=WI-FI')).json().items).toEqual([wifi]);
    expect((await api('GET', '/?search=free&language=en')).json().items).toEqual([wifi]);
    expect((await api('GET', '/?search=free&language=ru')).json().total).toBe(0);
    expect((await api('GET', `/?search=${encodeURIComponent('дүкөн')}&language=ky`)).json().items).toEqual([
      { ...shop, status: 1 },
    ]);
    const inactive = (await api('GET', '/?active=false&size=50')).json().items as TSurrounding[];
    expect(inactive.map((item) => item.id)).toContain(shop.id);
    expect(inactive.every((item) => item.status === 1)).toBe(true);
    expect((await api('GET', '/?size=0')).statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('changes only the titles sent and keeps the icon', async () => {
    const item = await createItem();
    const response = await send('PATCH', `/${item.id}/`, { title_en: 'Restaurant' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...item, title_en: 'Restaurant' });
    expect((await fetchMedia(item.icon_path)).statusCode).toBe(200);
  });

  it('replaces the icon and deletes the old file', async () => {
    const item = await createItem();
    const newIcon = ICON.replace('M4 4h16v16H4z', 'M12 2l10 20H2z');
    const response = await send('PATCH', `/${item.id}/`, {}, { bytes: newIcon });
    expect(response.statusCode).toBe(200);
    const updated = response.json<TSurrounding>();
    expect(updated.icon_path).not.toBe(item.icon_path);
    expect((await fetchMedia(updated.icon_path)).body).toContain('M12 2l10 20H2z');
    expect((await fetchMedia(item.icon_path)).statusCode).toBe(404);
    expect(storedFiles()).not.toContain(item.icon_path.split('/').pop());
  });

  it('refuses bad titles, a bad icon and an unknown id, changing nothing', async () => {
    const item = await createItem();
    await expectNothingStored(async () => {
      const bad = await send(
        'PATCH',
        `/${item.id}/`,
        { title_ru: '', title_en: 'e'.repeat(51) },
        { bytes: PNG, filename: 'x.svg' },
        'en',
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        title_ru: ['This field may not be blank.'],
        title_en: ['Ensure this field has no more than 50 characters.'],
        icon: ['The icon must be an SVG image'],
      });
      const unknown = await send('PATCH', '/999999/', { title_en: 'Ghost' }, { bytes: ICON }, 'en');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Not found.' });
    });
    expect(await itemRow(item.id)).toMatchObject({ titleRu: item.title_ru, titleEn: item.title_en });
    expect((await fetchMedia(item.icon_path)).statusCode).toBe(200);
  });
});

describe('statuses', () => {
  it('switches items and answers the updated records; an unknown id is a 404 that changes nothing', async () => {
    const first = await createItem();
    const second = await createItem();
    const off = await api('PATCH', '/statuses/', { ids: [first.id, second.id], active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual([
      { ...first, status: 1 },
      { ...second, status: 1 },
    ]);
    const unknown = await api('PATCH', '/statuses/', { ids: [first.id, 999999], active: true }, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No records with these ids: 999999' });
    expect((await itemRow(first.id))?.status).toBe(1);
  });
});

describe('delete', () => {
  it('refuses an active item with a JSON array of translated messages, keeping it and its icon', async () => {
    const item = await createItem();
    const ru = await api('DELETE', `/${item.id}/`);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual(['Активную запись нельзя удалить. Сначала деактивируйте её.']);
    const en = await api('DELETE', `/${item.id}/`, undefined, 'en');
    expect(en.json()).toEqual(['An active record cannot be deleted. Deactivate it first.']);
    expect(await itemRow(item.id)).toBeDefined();
    expect((await fetchMedia(item.icon_path)).statusCode).toBe(200);
  });

  it('deletes an inactive item and its icon file (204); an unknown id is a 404', async () => {
    const item = await createItem();
    await deactivate(item.id);
    const response = await api('DELETE', `/${item.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await itemRow(item.id)).toBeUndefined();
    expect((await fetchMedia(item.icon_path)).statusCode).toBe(404);
    expect(storedFiles()).not.toContain(item.icon_path.split('/').pop());
    const again = await api('DELETE', `/${item.id}/`, undefined, 'ky');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: translateMessage('not_found', 'ky') });
  });
});

describe('demo seed', () => {
  it('adds every demo item once with its icon served from /media/, and changes nothing when run again', async () => {
    const storage = createLocalFileStorage(join(ctx.config.dataDir, 'uploads'), 'surroundings');
    await seedSurroundings(ctx.database.db, storage);
    const files = storedFiles();
    expect(await seedSurroundings(ctx.database.db, storage)).toBe(0);
    expect(storedFiles()).toEqual(files);
    const listed = (await api('GET', '/?size=1000')).json().items as TSurrounding[];
    for (const demo of DEMO_SURROUNDINGS) {
      const matches = listed.filter((item) => item.title_ru.toLowerCase() === demo.title_ru.toLowerCase());
      expect(matches).toHaveLength(1);
    }
    const hotel = listed.find((item) => item.title_ru === 'Гостиница');
    expect(hotel).toMatchObject({ title_en: 'Hotel', title_ky: 'Мейманкана', status: 0 });
    const icon = await fetchMedia(hotel?.icon_path ?? '');
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toMatch(/^<svg[^>]*viewBox="0 0 24 24"[^>]*><path d="M2 5v15"\/>/);
  });
});
