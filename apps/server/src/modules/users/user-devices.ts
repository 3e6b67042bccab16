import type { TAppDevice, TAppPlatform } from '@zaryad/contracts/app';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSessions } from './users.tables';

/**
 * A driver's sign-ins in the drivers' app as devices, most recently seen first (at most 50): the dashboard's user
 * screen shows them all, the app its signed-in ones.
 */
export const userDevices = async (db: Database, userId: number, signedInOnly = false): Promise<TAppDevice[]> => {
  const rows = await db
    .select()
    .from(appSessions)
    .where(and(eq(appSessions.userId, userId), signedInOnly ? isNull(appSessions.endedAt) : undefined))
    .orderBy(desc(appSessions.lastSeenAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    platform: (row.platform as TAppPlatform | null) ?? null,
    app_version: row.appVersion,
    user_agent: row.userAgent,
    push_provider: (row.pushProvider as 'fcm' | 'apns' | null) ?? null,
    signed_in_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    ended_at: row.endedAt ? row.endedAt.toISOString() : null,
  }));
};
