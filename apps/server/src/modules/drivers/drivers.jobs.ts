import { lt } from 'drizzle-orm';
import type { ScheduledJob } from '../../platform/scheduler';
import { appChargeStarts, appOtpCodes } from './drivers.tables';

/** Sign-in codes and finished starts are kept a day (the limits read an hour at most), then dropped. */
export const otpPruneJob: ScheduledJob = {
  name: 'drivers.prune',
  lockKey: 720_380_002,
  everyMs: 3_600_000,
  async run(tx, now) {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await tx.delete(appOtpCodes).where(lt(appOtpCodes.createdAt, dayAgo));
    await tx.delete(appChargeStarts).where(lt(appChargeStarts.createdAt, dayAgo));
  },
};
