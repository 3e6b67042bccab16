import type { TTag, TTagCreateBody, TTagUpdateBody } from '@zaryad/contracts';
import { catalogueKeys, createCatalogueHooks } from '@/features/tags/catalogue/catalogueApi';

/** `/common/tags/`: the labels stations carry (fast charging, 24/7...). */
export const TAGS_PATH = '/common/tags/';
export const tagKeys = catalogueKeys('tags');

export const tagHooks = createCatalogueHooks<TTag, TTagCreateBody, TTagUpdateBody>(TAGS_PATH, tagKeys);

export const useTags = tagHooks.useList;
export const useCreateTag = tagHooks.useCreate;
export const useUpdateTag = tagHooks.useUpdate;
export const useDeleteTag = tagHooks.useDelete;
export const useSetTagsStatus = tagHooks.useSetStatuses;
