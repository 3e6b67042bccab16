// The one Drizzle schema: every module's tables, for drizzle-kit and the database client.
export * from '../modules/accounts/accounts.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/connectors/connectors.tables';
export * from '../modules/rates/rates.tables';
export * from '../modules/locations/locations.tables';
export * from '../modules/partners/partners.tables';
export * from '../modules/settings/settings.tables';
export * from '../modules/list-settings/list-settings.tables';
export * from '../modules/surroundings/surroundings.tables';
export * from '../modules/tags/tags.tables';
export * from '../modules/merchants/merchants.tables';
export * from '../modules/stations/stations.tables';
export * from '../modules/stations/station-daily-totals.tables';
export * from '../modules/geo/geo.tables';

export * from '../modules/users/users.tables';
export * from '../modules/referrals/referrals.tables';
export * from '../modules/charges/charges.tables';
export * from '../modules/charges/charge-totals.tables';
export * from '../modules/ocpp/ocpp.tables';
export * from '../modules/ocpp/ocpp.firmware.tables';
export * from '../modules/banners/banners.tables';
export * from '../modules/analytics/analytics.tables';
export * from '../modules/promotions/promotions.tables';
export * from '../platform/list-versions.tables';
export * from '../modules/saved-views/saved-views.tables';
