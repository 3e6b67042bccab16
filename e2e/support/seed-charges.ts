// Stations, drivers and charges for the charges' end-to-end tests, made before the server starts (see
// playwright.config.ts) through the server's own builders: the charges through the one charges engine, so their cost,
// ledger entries and rollups are what production books.
import { join } from 'node:path';
import {
  buildCharge,
  buildEntry,
  buildMerchant,
  buildSilentChargePoint,
  buildStation,
  buildUser,
  linkReferralByAccount,
  loadConfig,
  openDatabase,
  seedReferenceData,
  setReferralBonuses,
} from '@zaryad/server/seed';
import {
  CHARGE_DRIVERS,
  CHARGE_STATIONS,
  E2E_CHARGES,
  FILLER_STATIONS,
  fillerName,
  SILENT_CHARGE_WH,
  SILENT_MINUTES,
} from './charges';
import { REWARDED_REFERRAL } from './users';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pgdata'),
  seedReferenceData,
});
try {
  const { db } = database;
  const merchant = await buildMerchant(db, { name: 'Зарядные станции E2E' });
  // Two connectors each, with personal tariffs: CCS2 at 16 som/kWh, Type 2 at 12.50.
  const connectors = [
    { evse_id: 1, typo: 'ccs2', power_kWh: 60, custom_fee: '16.00' },
    { evse_id: 2, typo: 'type2', power_kWh: 22, custom_fee: '12.50' },
  ];
  for (let index = 0; index < FILLER_STATIONS; index += 1) {
    const name = fillerName(index);
    await buildStation(db, { merchantId: merchant.id, nameRu: name, nameEn: name, nameKy: name, connectors });
  }
  const stationIds = new Map<string, number>();
  for (const [key, names] of Object.entries(CHARGE_STATIONS)) {
    const station = await buildStation(db, {
      merchantId: merchant.id,
      nameRu: names.ru,
      nameEn: names.en,
      nameKy: names.ky,
      connectors,
    });
    stationIds.set(key, station.id);
  }
  const driverIds = new Map<string, number>();
  for (const [key, driver] of Object.entries(CHARGE_DRIVERS)) {
    const user = await buildUser(db, { name: driver.name, personalAccount: driver.account });
    await buildEntry(db, user.id, { credit: driver.credit, createdAt: new Date('2026-11-01T05:00:00.000Z') });
    driverIds.set(key, user.id);
  }
  // The referrals' rewarded row: the driver registered with the inviter's code, and the first charge below that delivers
  // rewards it through the engine. The invited driver's bonus is 0, so that the charges' balances stay as their tests
  // expect.
  await setReferralBonuses(db, { inviter: 150_00n, invited: 0n });
  await linkReferralByAccount(db, {
    inviterAccount: REWARDED_REFERRAL.inviterAccount,
    invitedUserId: driverIds.get(REWARDED_REFERRAL.invitedDriver) ?? 0,
    registeredAt: new Date(REWARDED_REFERRAL.registeredAt),
  });
  const now = Date.now();
  for (const charge of E2E_CHARGES) {
    const startedAt = charge.startedAt
      ? new Date(charge.startedAt)
      : new Date(now - (charge.runningForMinutes ?? 1) * 60_000);
    await buildCharge(db, {
      userId: driverIds.get(charge.driver) ?? null,
      stationId: stationIds.get(charge.station) ?? 0,
      connectorOcppId: charge.connector,
      source: charge.source ?? 'app',
      paymentMethod: charge.paymentMethod,
      platform: charge.platform === undefined ? 2 : charge.platform,
      startedAt,
      meterStartWh: 100_000,
      promotion: charge.promotion ? { ...charge.promotion, fixedTyiyn: 0n } : null,
      meterWh: charge.end ? undefined : 100_000 + charge.energyWh,
      finish: charge.end
        ? {
            status: charge.end,
            meterStopWh: 100_000 + charge.energyWh,
            finishedAt: new Date(startedAt.getTime() + (charge.minutes ?? 1) * 60_000),
          }
        : undefined,
    });
  }
  // The force-finish tests: a charge point gone quiet, and a charge on each connector still running there.
  const osh = stationIds.get('osh') ?? 0;
  await buildSilentChargePoint(db, osh, SILENT_MINUTES * 60);
  for (const connectorOcppId of [1, 2]) {
    await buildCharge(db, {
      userId: null,
      stationId: osh,
      connectorOcppId,
      source: 'rfid',
      paymentMethod: 'cash',
      platform: null,
      appVersion: '',
      startedAt: new Date(now - (SILENT_MINUTES + 20) * 60_000),
      meterStartWh: 50_000,
      meterWh: 50_000 + SILENT_CHARGE_WH,
    });
  }
} finally {
  await database.close();
}
