import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccount, TAlertRule, TPaged } from '@zaryad/contracts';
import type {
  TAlertRuleList,
  TAlertRuleSetting,
  TAlertRuleUpdateBody,
  TIncidentDetail,
  TIncidentListQuery,
  TIncidentPage,
} from '@zaryad/contracts/alerts-schemas';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';
import type { TQuery } from '@/lib/api';

/** `/incidents/` and `/alerts/rules/` (docs/product/alerts.md#6-api). */
export const INCIDENTS_PATH = '/incidents/';
export const incidentKeys = queryKeys.incidents;

export const useIncidents = (query: TIncidentListQuery) =>
  useQuery({
    queryKey: incidentKeys.list(query),
    queryFn: ({ signal }) => api.get<TIncidentPage>(INCIDENTS_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

export const useIncident = (id: number | null) =>
  useQuery({
    queryKey: incidentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TIncidentDetail>(`${INCIDENTS_PATH}${id}/`, { signal }),
    enabled: id !== null,
    retry: false,
  });

export type TIncidentAction =
  | { action: 'acknowledge'; note: string }
  | { action: 'resolve'; note: string }
  | { action: 'assign'; account_id: number | null };

/** Acknowledge, assign or resolve; the incident and every list are read again. */
export const useIncidentAction = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: TIncidentAction) =>
      api.post<TIncidentDetail>(`${INCIDENTS_PATH}${id}/${action}/`, body),
    onSuccess: (incident) => {
      client.setQueryData(incidentKeys.detail(id), incident);
      void client.invalidateQueries({ queryKey: incidentKeys.lists() });
    },
  });
};

/** Whom an incident may be assigned to: the accounts list when the role may read it (else only oneself). */
export const useAssignees = (enabled: boolean) =>
  useQuery({
    queryKey: incidentKeys.assignees(),
    queryFn: ({ signal }) => api.get<TPaged<TAccount>>('/accounts/', { query: { size: 1000 }, signal }),
    enabled,
    retry: false,
  });

export const useAlertRules = () =>
  useQuery({
    queryKey: incidentKeys.rules(),
    queryFn: ({ signal }) => api.get<TAlertRuleList>('/alerts/rules/', { signal }),
  });

export const useSaveAlertRule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, body }: { rule: TAlertRule; body: TAlertRuleUpdateBody }) =>
      api.put<TAlertRuleSetting>(`/alerts/rules/${rule}/`, body),
    onSuccess: (saved) => {
      client.setQueryData<TAlertRuleList>(incidentKeys.rules(), (current) =>
        current ? { items: current.items.map((item) => (item.rule === saved.rule ? saved : item)) } : current,
      );
    },
  });
};
