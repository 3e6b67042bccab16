import type { TCatalogueListQuery, TSurrounding } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

/** `/common/surroundings/`: the infrastructure around stations (café, toilet, Wi-Fi...), each with an svg icon. */
export const SURROUNDINGS_PATH = '/common/surroundings/';
export const surroundingKeys = queryKeys.surroundings;

/** Create and edit are multipart: title_ru, title_en, title_ky and the file `icon` (surroundingForm.ts). */
export const surroundingHooks = createDomainHooks<TSurrounding, TCatalogueListQuery, FormData, FormData>({
  keys: surroundingKeys,
  path: SURROUNDINGS_PATH,
  isRowTheDetail: true,
});

export const useSurroundings = surroundingHooks.useList;
export const useCreateSurrounding = surroundingHooks.useCreate;
export const useUpdateSurrounding = surroundingHooks.useUpdate;
export const useDeleteSurrounding = surroundingHooks.useDelete;
export const useSetSurroundingsStatus = surroundingHooks.useSetStatuses;
