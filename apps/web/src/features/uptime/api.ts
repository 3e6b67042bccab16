import type { TStationUptime, TUptimeGranularity, TUptimeReport } from '@zaryad/contracts/uptime';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';
import { fileNameFrom } from '@/lib/download';

export const UPTIME_FORMATS = ['xlsx', 'csv'] as const;
export type TUptimeFormat = (typeof UPTIME_FORMATS)[number];

export type TUptimeRange = { from: string; to: string };
export type TUptimeReportQuery = TUptimeRange & { merchant_id?: number | undefined };

const isId = (id: number) => Number.isInteger(id) && id > 0;

export const uptimeKeys = queryKeys.uptime;

/** GET /uptime/stations/{id}/: the station's connectors per day or month. */
export const useStationUptime = (id: number, period: TUptimeRange, granularity: TUptimeGranularity = 'day') =>
  useQuery({
    queryKey: uptimeKeys.station(id, period.from, period.to, granularity),
    queryFn: ({ signal }) =>
      api.get<TStationUptime>(`/uptime/stations/${id}/`, { query: { ...period, granularity }, signal }),
    enabled: isId(id),
  });

const reportQuery = (query: TUptimeReportQuery) => ({
  from: query.from,
  to: query.to,
  ...(query.merchant_id === undefined ? {} : { merchant_id: query.merchant_id }),
});

/** GET /uptime/: a merchant's stations (or the network's) over the period. */
export const useUptimeReport = (query: TUptimeReportQuery, enabled = true) =>
  useQuery({
    queryKey: uptimeKeys.report(query.merchant_id ?? null, query.from, query.to),
    queryFn: ({ signal }) => api.get<TUptimeReport>('/uptime/', { query: reportQuery(query), signal }),
    enabled: enabled && (query.merchant_id === undefined || isId(query.merchant_id)),
  });

/** The report as a file, fetched with the session's token; named as the server suggests. */
export const fetchUptimeFile = async (query: TUptimeReportQuery, format: TUptimeFormat) => {
  const file = await api.download('/uptime/', { query: { ...reportQuery(query), format } });
  return {
    blob: file.blob,
    name: fileNameFrom(file.disposition, `uptime_${query.merchant_id ?? 'network'}_${query.from}_${query.to}.${format}`),
  };
};
