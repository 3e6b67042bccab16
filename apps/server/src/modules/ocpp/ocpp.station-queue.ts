/**
 * Writes of the charge points' state queued and written many to a statement (issue 34, item 4), as the connection
 * records (ocpp.connections.ts) and the meter values (ocpp.meter-values.ts) are: the writes that arrive while a
 * statement is under way are written by the next one, each caller answered once its own row is written, with its own
 * row's answer. At most one statement of a queue is in flight, so a queue holds at most one connection of the pool.
 *
 * A station appears at most once in a statement (its second write waits for the next), so that one statement never
 * touches a charge point's row twice and a station's own writes land in the order they were made. A statement that
 * fails on a row's data is written again row by row, so that one charge point's bad row fails its own call only.
 */

/** Writes by one statement at most: a bigger backlog is written by several, one after another. */
export const MAX_BATCH = 500;

/**
 * An error of a row's data (SQLSTATE class 22, data exception, or 23, integrity constraint violation), whichever
 * driver raised it (Drizzle wraps pg's and PGlite's in its own, their error as its cause). Any other (the pool's wait,
 * a lost connection) would fail each row alone too, only slower.
 */
const isDataError = (error: unknown) => {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^2[23]/.test(code)) {
      return true;
    }
    current = cause;
  }
  return false;
};

interface Queued<TInput, TAnswer, TKey> {
  input: TInput;
  key: TKey;
  resolve: (answer: TAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * A queue written by `write` one batch at a time; `write` answers, by key, each write's answer (a key is once in a
 * batch), `fallback` for a key it leaves out.
 */
export const createBatchQueue = <TInput, TAnswer, TKey>(
  write: (batch: TInput[]) => Promise<Map<TKey, TAnswer>>,
  fallback: TAnswer,
  keyOf: (input: TInput) => TKey,
) => {
  let queue: Queued<TInput, TAnswer, TKey>[] = [];
  let writing: Promise<void> | null = null;

  const takeBatch = () => {
    const batch: Queued<TInput, TAnswer, TKey>[] = [];
    const rest: Queued<TInput, TAnswer, TKey>[] = [];
    const keys = new Set<TKey>();
    for (const queued of queue) {
      if (batch.length < MAX_BATCH && !keys.has(queued.key)) {
        keys.add(queued.key);
        batch.push(queued);
      } else {
        rest.push(queued);
      }
    }
    queue = rest;
    return batch;
  };

  const settle = (batch: Queued<TInput, TAnswer, TKey>[], answers: Map<TKey, TAnswer>) => {
    for (const queued of batch) {
      queued.resolve(answers.has(queued.key) ? (answers.get(queued.key) as TAnswer) : fallback);
    }
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = takeBatch();
      try {
        settle(batch, await write(batch.map((queued) => queued.input)));
      } catch (error) {
        if (batch.length === 1 || !isDataError(error)) {
          for (const queued of batch) {
            queued.reject(error);
          }
          continue;
        }
        // One charge point's bad row fails only its own call: each is written alone, as it was before the batches.
        for (const queued of batch) {
          try {
            settle([queued], await write([queued.input]));
          } catch (own) {
            queued.reject(own);
          }
        }
      }
    }
  };

  const start = () => {
    // A write queued between the drain's last look and its end starts the next drain.
    writing ??= drain().finally(() => {
      writing = null;
      if (queue.length > 0) {
        start();
      }
    });
  };

  return (input: TInput) =>
    new Promise<TAnswer>((resolve, reject) => {
      queue.push({ input, key: keyOf(input), resolve, reject });
      start();
    });
};

/** A queue of the charge points' writes (a station at most once in a statement), answered by station. */
export const createStationQueue = <TInput extends { stationId: number }, TAnswer>(
  write: (batch: TInput[]) => Promise<Map<number, TAnswer>>,
  fallback: TAnswer,
) => createBatchQueue(write, fallback, (input: TInput) => input.stationId);
