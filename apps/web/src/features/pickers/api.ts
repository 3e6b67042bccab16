import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PICKER_PAGE_SIZE, type TPaged, type TSurrounding, type TTag } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';

export type TPickerKind = 'tags' | 'infrastructure';
export type TPickerOption = TTag & { icon_path?: string | null };

const PATHS: Record<TPickerKind, string> = { tags: '/common/tags/', infrastructure: '/common/surroundings/' };

export const pickerKeys = createQueryKeys('pickers', (of) => ({
  options: (kind: TPickerKind, search: string) => of(kind, search),
}));

/** Active tags or infrastructure items to pick from: one page of 100 (SPEC.md sections 2 and 9), searchable. */
export const usePickerOptions = (kind: TPickerKind, search: string, enabled: boolean) =>
  useQuery({
    queryKey: pickerKeys.options(kind, search),
    queryFn: ({ signal }) =>
      api.get<TPaged<TTag | TSurrounding>>(PATHS[kind], {
        query: { page: 1, size: PICKER_PAGE_SIZE, search, active: 'true' },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
