import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAccount, TAuditListQuery, TAuditPage, TPaged } from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';
import type { TQuery } from '@/lib/api';

/** `/audit-log/`: read-only; entries are written by the changes themselves. */
export const AUDIT_PATH = '/audit-log/';
export const auditKeys = queryKeys.audit;

export const useAuditLog = (query: TAuditListQuery) =>
  useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api.get<TAuditPage>(AUDIT_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** How many changes the History drawer shows: the latest ones; the full record is on /audit-log. */
export const HISTORY_SIZE = 50;

/** One record's History, newest first. */
export const useRecordHistory = (entity: string, id: number, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.history(entity, id),
    queryFn: ({ signal }) =>
      api.get<TAuditPage>(AUDIT_PATH, { query: { entity, entity_id: String(id), size: HISTORY_SIZE }, signal }),
    enabled,
    // A change made a moment ago must show when the drawer opens again.
    staleTime: 0,
  });

/** The account filter's choices; a role that cannot list accounts gets none (the filter still takes a URL id). */
export const useAuditAccounts = () =>
  useQuery({
    queryKey: auditKeys.accounts(),
    queryFn: ({ signal }) => api.get<TPaged<TAccount>>('/accounts/', { query: { size: 1000 }, signal }),
    retry: false,
  });
