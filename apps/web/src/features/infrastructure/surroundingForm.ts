import type { TImageItem } from '@/components';
import { changedTitles, trimTitles, type TTitles } from '@/components/catalogue/titles';

export type TSurroundingValues = TTitles & { icon: TImageItem[] };

/** The multipart field the server reads the svg from. */
export const ICON_FIELD = 'icon';

const toFormData = (titles: Partial<TTitles>, icon: File | undefined): FormData => {
  const body = new FormData();
  for (const [name, value] of Object.entries(titles)) {
    body.append(name, value);
  }
  if (icon) {
    body.append(ICON_FIELD, icon);
  }
  return body;
};

/** The file just chosen, if any: an icon already on the server has no `file` and is not sent again. */
const newIcon = (values: TSurroundingValues): File | undefined => values.icon.find((item) => item.file)?.file;

/** Create: every title and the icon (required). */
export const createBody = (values: TSurroundingValues): FormData => toFormData(trimTitles(values), newIcon(values));

/** Edit: only the titles that changed, and the icon when a new one was chosen; null when nothing changed. */
export const updateBody = (initial: TTitles, values: TSurroundingValues): FormData | null => {
  const titles = changedTitles(initial, values);
  const icon = newIcon(values);
  return Object.keys(titles).length === 0 && !icon ? null : toFormData(titles, icon);
};
