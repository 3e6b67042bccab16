/**
 * Writes of the charge points' state queued and written many to a statement (issue 34, item 4; the queue itself is
 * platform/batch-queue.ts, as the meter values' and the bus's are): each caller answered once its own row is written,
 * with its own row's answer, and a statement that fails on a row's data written again row by row.
 *
 * A station appears at most once in a statement (its second write waits for the next), so that one statement never
 * touches a charge point's row twice and a station's own writes land in the order they were made.
 */
import { createBatchQueue } from '../../platform/batch-queue';

/** Writes by one statement at most: a bigger backlog is written by several, one after another. */
const MAX_BATCH = 500;

/**
 * How long an idle queue waits for more writes before its statement (platform/batch-queue.ts). Boots, connections and
 * statuses arrive one by one, milliseconds apart at a network's pace: written at once, nearly every statement carried
 * one row, and its commit cost more than the row. With 25 ms, 4,000 charge points made 2.2 transactions a boot instead
 * of 5.4 and booted in 29 s instead of 50 (bench:ocpp, docs/benchmarks.md section 7). A charge point's answer waits
 * this much longer at most; a heartbeat's waits for no write.
 */
export const STATION_GATHER_MS = 25;

/**
 * A queue written by `write` one batch at a time; `write` answers, by key, each write's answer (a key is once in a
 * batch), `fallback` for a key it leaves out.
 */
export const createKeyedQueue = <TInput, TAnswer, TKey>(
  write: (batch: TInput[]) => Promise<Map<TKey, TAnswer>>,
  fallback: TAnswer,
  keyOf: (input: TInput) => TKey,
) =>
  createBatchQueue<TInput, TAnswer>(
    async (batch) => {
      const answers = await write(batch);
      return batch.map((input) => {
        const key = keyOf(input);
        return answers.has(key) ? (answers.get(key) as TAnswer) : fallback;
      });
    },
    { maxBatch: MAX_BATCH, keyOf, gatherMs: STATION_GATHER_MS },
  ).add;

/** A queue of the charge points' writes (a station at most once in a statement), answered by station. */
export const createStationQueue = <TInput extends { stationId: number }, TAnswer>(
  write: (batch: TInput[]) => Promise<Map<number, TAnswer>>,
  fallback: TAnswer,
) => createKeyedQueue(write, fallback, (input: TInput) => input.stationId);
