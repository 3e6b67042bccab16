import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChargePointCommandBody, TChargePointCommandResult } from '@zaryad/contracts/ocpp';
import type { TMerchantPowerLimit, TPowerLimitBody, TStationPowerLimit } from '@zaryad/contracts/ocpp-smart';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

/** Power limits (OCPP Smart Charging): a station's and a merchant site's, under the charge points' keys. */
const stationLimitKey = (stationId: number) => queryKeys.ocpp.of('power-limit', 'station', stationId);
const siteLimitKey = (merchantId: number) => queryKeys.ocpp.of('power-limit', 'merchant', merchantId);

/** GET /ocpp/stations/{id}/power-limit/. */
export const useStationPowerLimit = (stationId: number) =>
  useQuery({
    queryKey: stationLimitKey(stationId),
    queryFn: ({ signal }) => api.get<TStationPowerLimit>(`/ocpp/stations/${stationId}/power-limit/`, { signal }),
  });

/** PUT and DELETE /ocpp/stations/{id}/power-limit/: the limit kept and sent (or cleared); the command log moves. */
export const useStationPowerLimitActions = (stationId: number) => {
  const queryClient = useQueryClient();
  const settled = (result: TStationPowerLimit | undefined) => {
    if (result) {
      queryClient.setQueryData(stationLimitKey(stationId), { ...result, commands: [] });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp.stationCommands(stationId) });
  };
  return {
    save: useMutation({
      mutationFn: (body: TPowerLimitBody) =>
        api.put<TStationPowerLimit>(`/ocpp/stations/${stationId}/power-limit/`, body),
      onSuccess: settled,
    }),
    clear: useMutation({
      mutationFn: () => api.delete<TStationPowerLimit>(`/ocpp/stations/${stationId}/power-limit/`),
      onSuccess: settled,
    }),
  };
};

/** GET /ocpp/merchants/{id}/power-limit/: the site's limit and the running charges' shares. */
export const useSitePowerLimit = (merchantId: number) =>
  useQuery({
    queryKey: siteLimitKey(merchantId),
    queryFn: ({ signal }) => api.get<TMerchantPowerLimit>(`/ocpp/merchants/${merchantId}/power-limit/`, { signal }),
    refetchInterval: 30_000,
  });

export const useSitePowerLimitActions = (merchantId: number) => {
  const queryClient = useQueryClient();
  const settled = (result: TMerchantPowerLimit) => {
    queryClient.setQueryData(siteLimitKey(merchantId), { ...result, commands: [] });
  };
  return {
    save: useMutation({
      mutationFn: (body: TPowerLimitBody) =>
        api.put<TMerchantPowerLimit>(`/ocpp/merchants/${merchantId}/power-limit/`, body),
      onSuccess: settled,
    }),
    clear: useMutation({
      mutationFn: () => api.delete<TMerchantPowerLimit>(`/ocpp/merchants/${merchantId}/power-limit/`),
      onSuccess: settled,
    }),
  };
};

/** The command call for the profile's own actions (ClearChargingProfile, GetCompositeSchedule). */
export const useSmartChargingCommand = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Extract<TChargePointCommandBody, { action: 'ClearChargingProfile' | 'GetCompositeSchedule' }>) =>
      api.post<TChargePointCommandResult>(`/ocpp/stations/${stationId}/commands/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ocpp.stationCommands(stationId) }),
  });
};
