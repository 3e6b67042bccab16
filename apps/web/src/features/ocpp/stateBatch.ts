import type { TChargePointState } from '@zaryad/contracts/ocpp';
import type { TApiClient } from '@/lib/api';

/** GET /ocpp/stations/?ids= takes at most this many stations (ZChargePointStatesQuery). */
const MAX_IDS = 100;

type TWaiter = { resolve: (state: TChargePointState) => void; reject: (error: unknown) => void };

/**
 * Charge points' states read together: every `load(id)` asked in the same tick (a table page's cells mounting, the
 * live events invalidating several stations at once) becomes one GET /ocpp/stations/?ids=… of up to 100 stations,
 * instead of a request per row (the merchant's stations table made one per station: issue 33's Lighthouse figures).
 * A station the answer leaves out (not found, or out of the account's view) is asked alone for the server's own error.
 */
export const createStateBatch = (client: Pick<TApiClient, 'get'>) => {
  let pending = new Map<number, TWaiter[]>();
  let isScheduled = false;

  const send = async (batch: Map<number, TWaiter[]>) => {
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_IDS) {
      const chunk = ids.slice(start, start + MAX_IDS);
      try {
        const { items } = await client.get<{ items: TChargePointState[] }>('/ocpp/stations/', { query: { ids: chunk.join(',') } });
        const byId = new Map(items.map((state) => [state.station_id, state]));
        for (const id of chunk) {
          const state = byId.get(id);
          // A station left out is asked alone, so that its error is the server's own (a translated 404).
          const answer = state ? Promise.resolve(state) : client.get<TChargePointState>(`/ocpp/stations/${id}/`);
          for (const waiter of batch.get(id) ?? []) {
            answer.then(waiter.resolve, waiter.reject);
          }
        }
      } catch (error) {
        for (const id of chunk) {
          for (const waiter of batch.get(id) ?? []) {
            waiter.reject(error);
          }
        }
      }
    }
  };

  return {
    load: (stationId: number) =>
      new Promise<TChargePointState>((resolve, reject) => {
        pending.set(stationId, [...(pending.get(stationId) ?? []), { resolve, reject }]);
        if (!isScheduled) {
          isScheduled = true;
          setTimeout(() => {
            const batch = pending;
            pending = new Map();
            isScheduled = false;
            void send(batch);
          }, 0);
        }
      }),
  };
};
