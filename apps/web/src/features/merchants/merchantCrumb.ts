import type { TRecordCrumb } from '@/components/page-title/recordTrail';
import { useMerchant } from '@/features/merchants/api';

/** The merchant's own page (`merchant/{id}`). */
export const merchantPath = (id: number) => `/merchant/${id}`;

/**
 * The merchant as the first named step of a station screen's breadcrumbs (issue 33, item 3): its name linking to
 * its page; undefined until it is known. Shares the merchant page's query, so coming from there costs no call.
 */
export const useMerchantCrumb = (id: number): TRecordCrumb | undefined => {
  const merchant = useMerchant(id);
  return merchant.data ? { title: merchant.data.name, path: merchantPath(id) } : undefined;
};
