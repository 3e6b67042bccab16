import { PROMOTION_VALIDITIES, type TLanguage, type TPromotionValidity } from '@zaryad/contracts';
import { type TPromotion } from '@zaryad/contracts/promotions';
import { readTab, type TEditedState } from '@/components/tabbed-list/editedState';

/** The list's tabs are the validities, kept in the URL as `?tab=`; current first. */
export const readPromotionTab = (raw: string | null): TPromotionValidity => readTab(PROMOTION_VALIDITIES, raw);

/** docs/product/promotions.md#2-screens: `creating-promotion/{id?}`. */
export const formPath = (id?: number) => `/creating-promotion/${id === undefined ? '' : String(id)}`;

/** The promotion's title in the screen's language. */
export const titleOf = (item: Pick<TPromotion, 'title_ru' | 'title_en' | 'title_ky'>, language: string) =>
  item[`title_${(['ru', 'en', 'ky'] as TLanguage[]).find((code) => code === language) ?? 'ru'}`];

/** What the list is told after an edit (docs/product/promotions.md#4-states-and-rules: the edited item leaves the current list). */
export type TPromotionEditedState = TEditedState<TPromotionValidity>;
