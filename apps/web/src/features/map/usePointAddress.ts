import { useQuery } from '@tanstack/react-query';
import type { TLatLng } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { fetchAddress, geoKeys } from '@/features/map/api';

/**
 * The address of a clicked point, or null while there is none. A failed lookup is logged and reads as no
 * address (docs/product/stations.md#8-messages): the operator can still save the coordinates.
 */
export const usePointAddress = (point: TLatLng | null) => {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: geoKeys.reverse(point?.latitude ?? 0, point?.longitude ?? 0, i18n.language),
    queryFn: async ({ signal }) => {
      try {
        return (await fetchAddress(point?.latitude ?? 0, point?.longitude ?? 0, signal)).display_name || null;
      } catch (error) {
        console.error('address lookup failed', error);
        return null;
      }
    },
    enabled: point !== null,
    retry: false,
  });
  return { address: query.data ?? null, isLoading: point !== null && query.isPending };
};
