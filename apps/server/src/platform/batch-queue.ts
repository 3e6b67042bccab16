/**
 * Writes queued and written many to a statement: what arrives while a statement is under way goes in the next one, at
 * most one statement of a queue is in flight (so a queue holds at most one connection of the pool), and each caller is
 * answered once its own item is written, with its own item's answer. The bus's messages (bus.ts), the charge points'
 * meter values and state (modules/ocpp) go this way: at a thousand a second, one round trip for many instead of one
 * each (docs/benchmarks.md, section 7).
 *
 * A statement that fails on an item's data is written again item by item, so that one bad item fails its own call
 * only; any other error fails the whole batch, as it would fail each item alone.
 */

export interface BatchQueueOptions<TInput> {
  /** Items written by one statement at most: a bigger backlog is written by several, one after another. */
  maxBatch: number;
  /**
   * An item's key, when a key may be in a statement once only (a second item of it waits for the next statement): a
   * charge point's state, so that one statement never writes its row twice and its writes land in their order.
   */
  keyOf?: (input: TInput) => unknown;
  /**
   * Before the first statement of an idle queue, wait for more items rather than write the first at once: `0` until
   * the event loop's next turn (the moment's items, for items that come in bursts), a number of milliseconds for items
   * that come one by one at hundreds a second (a network's boots after a restart), where one statement for the few of
   * those milliseconds costs far less than one each: a commit is the larger part of a small write's cost to the
   * database (docs/benchmarks.md, section 7). Unset, the first item is written at once. While a statement is under
   * way, what arrives waits for the next anyway.
   */
  gatherMs?: number;
}

/**
 * An error of an item's data (SQLSTATE class 22, data exception, or 23, integrity constraint violation), whichever
 * driver raised it (Drizzle wraps pg's and PGlite's in its own, their error as its cause). Any other (the pool's wait,
 * a lost connection) would fail each item alone too, only slower.
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

interface Queued<TInput, TAnswer> {
  input: TInput;
  resolve: (answer: TAnswer) => void;
  reject: (error: unknown) => void;
}

const gathered = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms > 0) {
      setTimeout(resolve, ms);
    } else {
      setImmediate(resolve);
    }
  });

/**
 * A queue written by `write` one batch at a time. `write` answers each item's answer in the batch's order, or nothing
 * when the items have none (each caller then gets `undefined`).
 */
export const createBatchQueue = <TInput, TAnswer = void>(
  write: (batch: TInput[]) => Promise<readonly TAnswer[] | void>,
  { maxBatch, keyOf, gatherMs }: BatchQueueOptions<TInput>,
) => {
  let queue: Queued<TInput, TAnswer>[] = [];
  let writing: Promise<void> | null = null;

  const takeBatch = () => {
    if (!keyOf) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      return batch;
    }
    const batch: Queued<TInput, TAnswer>[] = [];
    const rest: Queued<TInput, TAnswer>[] = [];
    const keys = new Set<unknown>();
    for (const queued of queue) {
      const key = keyOf(queued.input);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(queued);
      } else {
        rest.push(queued);
      }
    }
    queue = rest;
    return batch;
  };

  const writeAndSettle = async (batch: Queued<TInput, TAnswer>[]) => {
    const answers = await write(batch.map((queued) => queued.input));
    batch.forEach((queued, index) => queued.resolve(answers?.[index] as TAnswer));
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = takeBatch();
      try {
        await writeAndSettle(batch);
      } catch (error) {
        if (batch.length === 1 || !isDataError(error)) {
          for (const queued of batch) {
            queued.reject(error);
          }
          continue;
        }
        for (const queued of batch) {
          await writeAndSettle([queued]).catch((own: unknown) => queued.reject(own));
        }
      }
    }
  };

  const start = () => {
    if (writing) {
      return;
    }
    const drained = gatherMs === undefined ? drain() : gathered(gatherMs).then(drain);
    // An item queued between the drain's last look and its end starts the next drain.
    writing = drained.finally(() => {
      writing = null;
      if (queue.length > 0) {
        start();
      }
    });
  };

  return {
    /** Queues one item; resolves with its answer once its statement is written. */
    add(input: TInput): Promise<TAnswer> {
      return new Promise<TAnswer>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        start();
      });
    },
    /** Settled once nothing is queued or being written. */
    async idle(): Promise<void> {
      while (writing) {
        await writing.catch(() => undefined);
      }
    },
  };
};
