import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { translateMessage, type TStation } from '@zaryad/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import {
  connectorFields,
  JPEG_BYTES,
  MP4_BYTES,
  mediaFields,
  multipartBody,
  OVERSIZED_PNG,
  photo,
  PNG_BYTES,
  scheduleFields,
  sendMultipart,
  stationCreateFields,
  type TFormValue,
} from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { settlements } from '../locations';
import { createStationSecrets } from './station-secret';
import { stations } from './stations.tables';

let ctx: TestContext;
let headers: Record<string, string>;
let merchantId: number;
let place: { country: number; city: number };
let otherCountryCity: number;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
  merchantId = (await buildMerchant(ctx.database.db)).id;
  const [bishkek] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-bishkek'));
  if (!bishkek) {
    throw new Error('locations are not seeded');
  }
  place = { country: bishkek.countryId, city: bishkek.id };
  const [foreign] = await ctx.database.db
    .select()
    .from(settlements)
    .where(eq(settlements.countryId, bishkek.countryId + 1))
    .limit(1);
  otherCountryCity = foreign?.id ?? 999_999;
});
afterAll(async () => {
  await ctx.close();
});

let sequence = 0;
const nextIdentity = () => `CP-CREATE-${++sequence}`;
const create = (fields: Record<string, TFormValue | undefined>, language = 'en') =>
  sendMultipart(ctx.app, 'POST', '/api/v1/stations/', { ...headers, 'accept-language': language }, fields);
const validFields = () => stationCreateFields(merchantId, place, nextIdentity());
const storedFiles = () => {
  const dir = join(ctx.config.dataDir, 'uploads', 'stations');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const stationCount = async () => (await ctx.database.db.select({ total: count() }).from(stations))[0]?.total ?? 0;
const cityStationCount = async () =>
  (
    await ctx.database.db
      .select({ n: settlements.stationCount })
      .from(settlements)
      .where(eq(settlements.id, place.city))
  )[0]?.n;

/** Sends a form that must be refused and checks that nothing was stored: no row, no file. */
const expectRefused = async (fields: Record<string, TFormValue | undefined>) => {
  const before = { stations: await stationCount(), files: storedFiles() };
  const response = await create(fields);
  expect(response.statusCode).toBe(400);
  expect(await stationCount()).toBe(before.stations);
  expect(storedFiles()).toEqual(before.files);
  return response.json<Record<string, string[]>>();
};

describe('POST /stations/', () => {
  it('creates a station with its modules, connectors, schedule and media, and never answers the password', async () => {
    const citiesBefore = await cityStationCount();
    const response = await create({
      ...validFields(),
      avatar: { bytes: JPEG_BYTES, filename: 'avatar.jpg', type: 'image/jpeg' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('Abcdefgh12345678');
    const station = response.json<TStation & { password?: string }>();
    expect(station.password).toBeUndefined();
    expect(station).toMatchObject({
      merchant: merchantId,
      has_password: true,
      latitude: '42.874621',
      longitude: '74.569700',
      execution_type: 'floor',
      is_new: true,
      is_gas_station: false,
      status: 0,
      city: { id: place.city, name: 'Bishkek' },
    });
    expect(station.schedule).toEqual([
      {
        id: 1,
        day: 0,
        start_time: '09:00:00',
        end_time: '18:00:00',
        is_break: false,
        break: [{ id: 8, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true }],
      },
      { id: 2, day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false, break: [] },
    ]);
    expect(station.evses).toHaveLength(1);
    expect(
      station.evses[0]?.connectors.map((c) => [
        c.connector_id,
        c.ocpp_16_id,
        c.typo,
        c.position,
        c.power_kWh,
        c.cable_length,
        c.custom_fee,
      ]),
    ).toEqual([
      [1, 1, 'ccs2', 1, 60, 5, '18.50'],
      [2, 2, 'type2', 2, 22, null, null],
    ]);
    expect(station.media_files).toHaveLength(1);
    expect(station.media_files[0]).toMatchObject({ content: 'image' });
    expect(station.media_files[0]?.content_path).toMatch(/^\/media\/stations\/[0-9a-f]{32}\.png$/);
    expect(station.avatar).toMatch(/^\/media\/stations\/[0-9a-f]{32}\.jpg$/);
    expect(await cityStationCount()).toBe((citiesBefore ?? 0) + 1);

    // Stored sealed, readable with the server's key only.
    const [row] = await ctx.database.db.select().from(stations).where(eq(stations.id, station.id));
    expect(row?.passwordSealed).not.toContain('Abcdefgh12345678');
    expect(createStationSecrets(ctx.config.jwtSecret).decrypt(row?.passwordSealed ?? '')).toBe('Abcdefgh12345678');
    for (const path of [`/api/v1/stations/${station.id}/`, `/api/v1/stations/update/${station.id}/`]) {
      const got = await ctx.app.inject({ method: 'GET', url: path, headers: { ...headers, 'accept-language': 'en' } });
      expect(got.statusCode).toBe(200);
      expect(got.body).not.toContain('Abcdefgh12345678');
      expect(got.body).not.toContain(row?.passwordSealed ?? '-');
      expect(got.json()).toEqual(station);
    }
  });

  it('renumbers the modules and connectors it is given', async () => {
    const response = await create({
      ...validFields(),
      ...connectorFields([
        { evse_id: 3, connector_id: 5, ocpp_16_id: 9, typo: 'gbt_dc', position: 3 },
        { evse_id: 7, connector_id: 2, ocpp_16_id: 4, typo: 'chademo', position: 1 },
      ]),
    });
    expect(response.statusCode).toBe(201);
    const { evses } = response.json<TStation>();
    expect(
      evses.map((module) => [
        module.evse_id,
        module.connectors.map((c) => [c.evse_id, c.connector_id, c.ocpp_16_id, c.typo]),
      ]),
    ).toEqual([
      [1, [[1, 1, 1, 'gbt_dc']]],
      [2, [[2, 1, 2, 'chademo']]],
    ]);
  });

  it('accepts a PNG named .jpg, JPEG photos and an mp4 video, judged by content', async () => {
    const response = await create({
      ...validFields(),
      ...mediaFields([
        { bytes: PNG_BYTES, filename: 'renamed.jpg', type: 'image/jpeg' },
        { bytes: JPEG_BYTES, filename: 'photo.jpeg', type: 'image/jpeg' },
        { bytes: MP4_BYTES, filename: 'tour.mp4', type: 'video/mp4' },
      ]),
    });
    expect(response.statusCode).toBe(201);
    expect(
      response.json<TStation>().media_files.map((file) => [file.content, file.content_path.split('.').pop()]),
    ).toEqual([
      ['image', 'png'],
      ['image', 'jpg'],
      ['video', 'mp4'],
    ]);
  });

  it('refuses a text file named .png, an oversized photo and more than 10 files, storing nothing', async () => {
    expect(
      await expectRefused({
        ...validFields(),
        ...mediaFields([{ bytes: 'just text', filename: 'photo.png', type: 'image/png' }]),
      }),
    ).toEqual({
      media_files: [translateMessage('media_type_invalid', 'en')],
    });
    expect(
      await expectRefused({
        ...validFields(),
        ...mediaFields([{ bytes: OVERSIZED_PNG, filename: 'big.png', type: 'image/png' }]),
      }),
    ).toEqual({
      media_files: ['Image must be 2MB or smaller'],
    });
    const eleven = Array.from({ length: 11 }, (_, index) => photo(`p${index}.png`));
    expect(await expectRefused({ ...validFields(), ...mediaFields(eleven) })).toEqual({
      media_files: ['No more than 10 files per station'],
    });
    expect(
      await expectRefused({
        ...validFields(),
        avatar: { bytes: MP4_BYTES, filename: 'avatar.mp4', type: 'video/mp4' },
      }),
    ).toEqual({ avatar: [translateMessage('image_type_invalid', 'en')] });
  });

  it('requires at least one image (a video alone is not enough)', async () => {
    const fields = validFields();
    delete fields['media_files[0]content'];
    expect(await expectRefused(fields)).toEqual({ media_files: ['Add at least one image'] });
    expect(
      await expectRefused({ ...fields, ...mediaFields([{ bytes: MP4_BYTES, filename: 'a.mp4', type: 'video/mp4' }]) }),
    ).toEqual({
      media_files: ['Add at least one image'],
    });
  });

  it('answers every missing required field in the request language', async () => {
    const response = await create({ ...mediaFields([photo()]) }, 'ru');
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    for (const field of [
      'merchant',
      'identity',
      'password',
      'pic',
      'name_ru',
      'name_en',
      'name_ky',
      'latitude',
      'longitude',
      'execution_type',
      'country',
      'city',
      'schedule',
      'connectors',
    ]) {
      expect(body[field], field).toBeDefined();
    }
    expect(body.password).toEqual(['Введите пароль']);
    expect(body.schedule).toEqual(['Укажите режим работы']);
  });

  it('checks lengths, coordinates, password and connector rules', async () => {
    const body = await expectRefused({
      ...validFields(),
      name_ru: 'н'.repeat(81),
      identity: 'i'.repeat(49),
      manufacturer: 'm'.repeat(51),
      address_en: 'a'.repeat(51),
      latitude: '42.1234567',
      longitude: '1000',
      password: 'short1',
      ...connectorFields([
        { evse_id: 1, connector_id: 1, ocpp_16_id: 1, typo: 'ccs2', position: 2, cable_length: '05' },
        { evse_id: 1, connector_id: 2, ocpp_16_id: 2, typo: 'no-such-type', position: 2, cable_length: 0 },
      ]),
    });
    expect(body).toMatchObject({
      name_ru: ['Ensure this field has no more than 80 characters.'],
      identity: ['Ensure this field has no more than 48 characters.'],
      manufacturer: ['Ensure this field has no more than 50 characters.'],
      address_en: ['Ensure this field has no more than 50 characters.'],
      latitude: ['Enter a coordinate with up to 3 integer digits and up to 6 decimals'],
      longitude: ['Enter a coordinate with up to 3 integer digits and up to 6 decimals'],
      password: ['The password must contain at least 16 characters'],
      'connectors.0.cable_length': ['Cable length must be a positive integer'],
      'connectors.1.cable_length': ['Cable length must be a positive integer'],
      'connectors.1.position': ['Connector positions must be unique'],
    });
    expect((await expectRefused({ ...validFields(), password: 'Abcdefgh1234567!' })).password).toEqual([
      'The password may contain only Latin letters and digits',
    ]);
    expect((await expectRefused({ ...validFields(), password: 'A1'.repeat(21) })).password).toEqual([
      'Ensure this field has no more than 40 characters.',
    ]);
    const noConnectors = Object.fromEntries(
      Object.entries(validFields()).filter(([name]) => !name.startsWith('connectors[')),
    );
    expect((await expectRefused(noConnectors)).connectors).toEqual(['Add at least one connector']);
    expect(
      await expectRefused({
        ...validFields(),
        ...connectorFields([{ evse_id: 1, connector_id: 1, ocpp_16_id: 1, typo: 'nope', position: 1 }]),
      }),
    ).toEqual({
      'connectors.0.typo': ['Unknown connector type'],
    });
  });

  it('checks the references: merchant, country and city that match, tags and infrastructure', async () => {
    expect(await expectRefused({ ...validFields(), merchant: 999_999 })).toEqual({ merchant: ['Merchant not found'] });
    expect(await expectRefused({ ...validFields(), city: otherCountryCity })).toEqual({
      city: [translateMessage('invalid_choice', 'en')],
    });
    expect(await expectRefused({ ...validFields(), tags: [999_999] })).toEqual({
      tags: [translateMessage('invalid_choice', 'en')],
    });
    expect(await expectRefused({ ...validFields(), environment: [999_998] })).toEqual({
      environment: [translateMessage('invalid_choice', 'en')],
    });
  });

  it('refuses a duplicate identity, whatever its case, with the unique identifier message', async () => {
    const fields = validFields();
    expect((await create(fields)).statusCode).toBe(201);
    const again = await expectRefused({ ...validFields(), identity: String(fields.identity).toLowerCase() });
    expect(again).toEqual({ identity: ['A station with this unique identifier already exists'] });
  });

  it('refuses unknown field names and malformed schedules', async () => {
    expect(await expectRefused({ ...validFields(), colour: 'red', 'connectors[0]voltage': '400' })).toEqual({
      colour: ['Unknown field.'],
      'connectors[0]voltage': ['Unknown field.'],
    });
    const reversed = await expectRefused({
      ...validFields(),
      ...scheduleFields([{ day: 0, start_time: '18:00:00', end_time: '09:00:00' }]),
    });
    expect(reversed['schedule.0']).toEqual(['The end must be later than the start']);
    const badTime = await expectRefused({
      ...validFields(),
      ...scheduleFields([{ day: 1, start_time: '9:00', end_time: '18:00:00' }]),
    });
    expect(badTime['schedule.0.start_time']).toEqual(['Enter a time as HH:mm:ss']);
  });

  it('answers 400, never 500, to a multipart body with no boundary, a wrong one or cut short', async () => {
    const valid = await multipartBody(validFields());
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=elsewhere', valid.payload],
      [valid.contentType, valid.payload.subarray(0, valid.payload.length - 100)],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/v1/stations/'],
        ['PATCH', '/api/v1/stations/update/1/'],
      ] as const) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': contentType, 'accept-language': 'en' },
          payload,
        });
        expect(response.statusCode, `${method} ${contentType}`).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: ['The multipart request body is malformed.'] });
      }
    }
  });

  it('answers 415 to a JSON body and 401 without a token', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/v1/stations/', headers, payload: { name_ru: 'x' } });
    expect(json.statusCode).toBe(415);
    const anonymous = await sendMultipart(ctx.app, 'POST', '/api/v1/stations/', {}, validFields());
    expect(anonymous.statusCode).toBe(401);
  });
});
