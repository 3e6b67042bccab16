import type { TAccount } from '@zaryad/contracts';

/** `Last First`, as managers are listed in the back-office. */
export const accountName = (account: Pick<TAccount, 'first_name' | 'last_name'>): string =>
  `${account.last_name} ${account.first_name}`.trim();
