import type { TCatalogueListQuery, TTag, TTagCreateBody, TTagUpdateBody } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

/** `/common/tags/`: the labels stations carry (fast charging, 24/7...). */
export const TAGS_PATH = '/common/tags/';
export const tagKeys = queryKeys.tags;

export const tagHooks = createDomainHooks<TTag, TCatalogueListQuery, TTagCreateBody, TTagUpdateBody>({
  keys: tagKeys,
  path: TAGS_PATH,
  isRowTheDetail: true,
});

export const useTags = tagHooks.useList;
export const useCreateTag = tagHooks.useCreate;
export const useUpdateTag = tagHooks.useUpdate;
export const useDeleteTag = tagHooks.useDelete;
export const useSetTagsStatus = tagHooks.useSetStatuses;
