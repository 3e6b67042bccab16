import { z } from 'zod';

// Its own module rather than accounts.ts: the login screen imports accounts.ts, and never needs these.
/** One open sign-in of the signed-in account (GET /accounts/sessions/). */
export const ZSession = z.object({
  id: z.uuid(),
  /** Browser and system read from the User-Agent ("Chrome 120, Windows"); empty when unknown. */
  device: z.string(),
  ip: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }),
  /** When the sign-in ends at the latest: 30 days after it began with "remember me", a day without. */
  expires_at: z.iso.datetime({ offset: true }),
  /** The sign-in this request was made with. */
  is_current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession);
export const ZSessionIdParam = z.object({ id: z.uuid() });
