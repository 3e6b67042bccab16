/**
 * The SMS outbox (issue 38, docs/product/app-api.md#sms): every SMS the server sends (the drivers' sign-in codes) is
 * kept, and a superadmin reads them at GET /api/v1/sms-outbox/ and on the dashboard's SMS screen.
 */
import { z } from 'zod';
import { ZPageQuery, zPaged } from './common';

export const SMS_KINDS = ['otp'] as const;
/** kept: no gateway is configured, the outbox is the delivery; sent: the gateway took it; failed: the gateway refused or did not answer. */
export const SMS_STATUSES = ['kept', 'sent', 'failed'] as const;
export type TSmsStatus = (typeof SMS_STATUSES)[number];

export const ZSmsMessage = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** 12 digits. */
  phone: z.string(),
  kind: z.enum(SMS_KINDS),
  /** In full while no gateway is configured; a code's digits masked otherwise. */
  text: z.string(),
  status: z.enum(SMS_STATUSES),
  /** The gateway's answer when it failed. */
  error: z.string(),
});
export type TSmsMessage = z.infer<typeof ZSmsMessage>;
export const ZSmsPage = zPaged(ZSmsMessage).extend({
  /** True when an HTTP gateway sends the SMS: codes are masked then. */
  gateway: z.boolean(),
});
export type TSmsPage = z.infer<typeof ZSmsPage>;

/** `search` matches the phone's digits. */
export const ZSmsListQuery = ZPageQuery;
export type TSmsListQuery = z.input<typeof ZSmsListQuery>;
export type TSmsListFilters = z.output<typeof ZSmsListQuery>;
