// The one Drizzle schema: every module's tables, for drizzle-kit and the database client.
export * from '../modules/accounts/accounts.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/mail/mail.tables';
