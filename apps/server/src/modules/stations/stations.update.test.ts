import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TStation } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import {
  JPEG_BYTES,
  MP4_BYTES,
  mediaFields,
  photo,
  scheduleFields,
  sendMultipart,
  stationCreateFields,
  type TFormValue,
} from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { settlements } from '../locations';
import { buildTag } from './stations.test-data';
import { stations } from './stations.tables';

let ctx: TestContext;
let headers: Record<string, string>;
let merchantId: number;
let place: { country: number; city: number };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = { ...(await signIn(ctx.app, await buildAccount(ctx.database.db))).headers, 'accept-language': 'en' };
  merchantId = (await buildMerchant(ctx.database.db)).id;
  const [bishkek] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-bishkek'));
  place = { country: bishkek?.countryId ?? 0, city: bishkek?.id ?? 0 };
});
afterAll(async () => {
  await ctx.close();
});

let sequence = 0;
const createStation = async (fields: Record<string, TFormValue | undefined> = {}) => {
  const response = await sendMultipart(ctx.app, 'POST', '/api/v1/stations/', headers, {
    ...stationCreateFields(merchantId, place, `CP-UPD-${++sequence}`),
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json<TStation>();
};
const edit = (id: number, fields: Record<string, TFormValue | undefined>) =>
  sendMultipart(ctx.app, 'PATCH', `/api/v1/stations/update/${id}/`, headers, fields);
const get = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers })).json<TStation>();
const storedFiles = () => {
  const dir = join(ctx.config.dataDir, 'uploads', 'stations');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const withoutTimes = ({ updated_at: _updated, ...station }: TStation) => station;

describe('PATCH /stations/update/{id}/', () => {
  it('changes only the fields sent', async () => {
    const station = await createStation();
    const response = await edit(station.id, { name_en: 'Renamed charger' });
    expect(response.statusCode).toBe(200);
    expect(withoutTimes(response.json<TStation>())).toEqual({ ...withoutTimes(station), name_en: 'Renamed charger' });
    const coordinates = await edit(station.id, { latitude: '40.5', longitude: '-72.8' });
    expect(coordinates.json<TStation>()).toMatchObject({
      latitude: '40.500000',
      longitude: '-72.800000',
      name_en: 'Renamed charger',
    });
  });

  it('replaces the schedule, tags and infrastructure when sent, and empties them with the delete flags', async () => {
    const [first, second] = [await buildTag(ctx.database.db), await buildTag(ctx.database.db)];
    const station = await createStation({ tags: [first.id] });
    expect(station.tags.map((tag) => tag.id)).toEqual([first.id]);
    const replaced = await edit(station.id, {
      tags: [second.id, first.id],
      ...scheduleFields([{ day: 6, start_time: '10:00:00', end_time: '00:00:00' }]),
    });
    expect(replaced.statusCode).toBe(200);
    const body = replaced.json<TStation>();
    expect(body.tags.map((tag) => tag.id)).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(body.schedule).toEqual([
      { id: 7, day: 6, start_time: '10:00:00', end_time: '00:00:00', is_break: false, break: [] },
    ]);
    const emptied = await edit(station.id, { delete_tags: 'true' });
    expect(emptied.json<TStation>().tags).toEqual([]);
    expect((await edit(station.id, { delete_tags: 'true', tags: [first.id] })).statusCode).toBe(400);
  });

  it('changes the password without ever answering it', async () => {
    const station = await createStation();
    const response = await edit(station.id, { password: 'NewPassword0000001' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('NewPassword0000001');
    expect(response.json<TStation>().has_password).toBe(true);
    expect((await edit(station.id, { password: 'short' })).json()).toEqual({
      password: ['The password must contain at least 16 characters'],
    });
  });

  it('adds and removes media, keeps at most 10 and at least one image, and deletes removed files', async () => {
    const station = await createStation();
    const [firstImage] = station.media_files;
    const added = await edit(station.id, {
      ...mediaFields([{ bytes: MP4_BYTES, filename: 'v.mp4', type: 'video/mp4' }, photo('second.png')]),
    });
    expect(added.statusCode).toBe(200);
    const withThree = added.json<TStation>();
    expect(withThree.media_files.map((file) => file.content)).toEqual(['image', 'video', 'image']);

    const filesBefore = storedFiles();
    const tooMany = await edit(
      station.id,
      mediaFields(Array.from({ length: 8 }, (_, index) => photo(`x${index}.png`))),
    );
    expect(tooMany.json()).toEqual({ media_files: ['No more than 10 files per station'] });
    expect(storedFiles()).toEqual(filesBefore);

    const images = withThree.media_files.filter((file) => file.content === 'image').map((file) => file.id);
    const lastImage = await edit(station.id, {
      'deleted_media_ids[0]': String(images[0]),
      'deleted_media_ids[1]': String(images[1]),
    });
    expect(lastImage.json()).toEqual({ media_files: ['Add at least one image'] });

    const removed = await edit(station.id, { 'deleted_media_ids[0]': String(firstImage?.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TStation>().media_files.map((file) => file.content)).toEqual(['video', 'image']);
    expect(storedFiles()).toHaveLength(filesBefore.length - 1);
    expect((await edit(station.id, { 'deleted_media_ids[0]': '999999' })).json()).toEqual({
      deleted_media_ids: ['Select a valid choice.'],
    });
  });

  it('replaces the avatar with a new file only', async () => {
    const station = await createStation({ avatar: { bytes: JPEG_BYTES, filename: 'a.jpg', type: 'image/jpeg' } });
    const replaced = await edit(station.id, { avatar: photo('b.png') });
    expect(replaced.json<TStation>().avatar).toMatch(/\.png$/);
    expect(storedFiles()).not.toContain(station.avatar?.split('/').pop());
    expect((await edit(station.id, { avatar: '/media/stations/old.jpg' })).json()).toEqual({
      avatar: ['Only PNG and JPEG images are allowed'],
    });
  });

  it('refuses a taken identity, unknown fields, connectors on this call and an unknown station', async () => {
    const [first, second] = [await createStation(), await createStation()];
    expect((await edit(second.id, { identity: first.identity })).json()).toEqual({
      identity: ['A station with this unique identifier already exists'],
    });
    expect((await edit(second.id, { identity: second.identity })).statusCode).toBe(200);
    expect((await edit(second.id, { 'connectors[0]typo': 'ccs2', merchant: '1' })).json()).toEqual({
      'connectors[0]typo': ['Unknown field.'],
      merchant: ['Unknown field.'],
    });
    expect((await edit(999_999, { name_en: 'x' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/stations/update/abc/', headers })).statusCode).toBe(
      400,
    );
  });

  it('moves the settlement station count when the city changes', async () => {
    const [osh] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-osh'));
    const count = async (id: number) =>
      (await ctx.database.db.select().from(settlements).where(eq(settlements.id, id)))[0]?.stationCount;
    const station = await createStation();
    const before = { bishkek: await count(place.city), osh: await count(osh?.id ?? 0) };
    expect((await edit(station.id, { city: String(osh?.id) })).statusCode).toBe(200);
    expect(await count(place.city)).toBe((before.bishkek ?? 0) - 1);
    expect(await count(osh?.id ?? 0)).toBe((before.osh ?? 0) + 1);
  });
});

describe('DELETE /stations/{id}/ and PATCH /stations/statuses/', () => {
  it('refuses to delete an active station with an array body and changes nothing', async () => {
    const station = await createStation();
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/stations/${station.id}/`,
      headers: { ...headers, 'accept-language': 'ru' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(['Активную станцию нельзя удалить. Сначала деактивируйте её.']);
    expect(await get(station.id)).toEqual(station);
  });

  it('switches statuses, answering table rows, then deletes the inactive station and its files', async () => {
    const station = await createStation();
    const switched = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/stations/statuses/',
      headers,
      payload: { ids: [station.id], active: false },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual([
      expect.objectContaining({
        id: station.id,
        status: 1,
        name: 'Kievskaya charger',
        connectors: ['CCS2', 'Type 2 (Mennekes)'],
      }),
    ]);
    const files = storedFiles();
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stations/${station.id}/`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(stations).where(eq(stations.id, station.id))).toEqual([]);
    expect(storedFiles()).toHaveLength(files.length - 1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers })).statusCode).toBe(
      404,
    );
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/stations/statuses/',
      headers,
      payload: { ids: [station.id], active: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
