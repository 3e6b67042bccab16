import type { TSurrounding } from '@zaryad/contracts';
import { catalogueKeys, createCatalogueHooks } from '@/features/tags/catalogue/catalogueApi';

/** `/common/surroundings/`: the infrastructure around stations (café, toilet, Wi-Fi...), each with an svg icon. */
export const SURROUNDINGS_PATH = '/common/surroundings/';
export const surroundingKeys = catalogueKeys('surroundings');

/** Create and edit are multipart: title_ru, title_en, title_ky and the file `icon` (surroundingForm.ts). */
export const surroundingHooks = createCatalogueHooks<TSurrounding, FormData, FormData>(
  SURROUNDINGS_PATH,
  surroundingKeys,
);

export const useSurroundings = surroundingHooks.useList;
export const useCreateSurrounding = surroundingHooks.useCreate;
export const useUpdateSurrounding = surroundingHooks.useUpdate;
export const useDeleteSurrounding = surroundingHooks.useDelete;
export const useSetSurroundingsStatus = surroundingHooks.useSetStatuses;
