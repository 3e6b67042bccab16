import { ScheduledJobsCard } from '@/features/settings/ScheduledJobsCard';
import { SmsOutboxCard } from '@/features/sms';

/** The outbox's texts, loaded with the chunk. */
export { smsTextsReady as textsReady } from '@/features/sms';

/**
 * Settings' cards for superadmins (roles.manage): the server's scheduled jobs and the SMS outbox. One chunk for both:
 * each table screen of its own would bring antd's table into the part every signed-in screen loads (apps/web's
 * chunk groups share a module once 32 chunks import it).
 */
export const SystemCards = () => (
  <>
    <ScheduledJobsCard />
    <SmsOutboxCard />
  </>
);
