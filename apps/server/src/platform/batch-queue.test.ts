import { describe, expect, it, vi } from 'vitest';
import { createBatchQueue } from './batch-queue';

/** A write that records its batches and waits for the test to let each one finish. */
const recordedWrite = <T>(answer: (input: T) => unknown = (input) => input) => {
  const batches: T[][] = [];
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const write = async (batch: T[]) => {
    batches.push(batch);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise<void>((resolve) => pending.push(resolve));
    inFlight -= 1;
    return batch.map(answer);
  };
  /** Lets the oldest write in flight finish, once one has begun. */
  const finishNext = async () => {
    while (pending.length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    (pending.shift() as () => void)();
  };
  return { write, batches, finishNext, mostInFlight: () => mostInFlight };
};

/** An error as PostgreSQL gives one of a row's data, wrapped as Drizzle wraps it. */
const dataError = () => Object.assign(new Error('query failed'), { cause: { code: '22003' } });

describe('a batch queue', () => {
  it('writes what arrives meanwhile in the next statement, one statement at a time, each answered with its own', async () => {
    const { write, batches, finishNext, mostInFlight } = recordedWrite<number>((input) => input * 10);
    const queue = createBatchQueue(write, { maxBatch: 100 });
    const first = queue.add(1);
    const later = [queue.add(2), queue.add(3), queue.add(4)];
    await finishNext();
    await finishNext();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(mostInFlight()).toBe(1);
  });

  it('gathers the moment’s items before its first statement when asked, and splits a backlog at its size', async () => {
    const { write, batches, finishNext } = recordedWrite<number>();
    const queue = createBatchQueue(write, { maxBatch: 2, gatherMs: 0 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((input) => queue.add(input)));
    for (let statement = 0; statement < 3; statement += 1) {
      await finishNext();
    }
    expect(await answers).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('waits its gathering time for items that come one by one, then writes them in one statement', async () => {
    vi.useFakeTimers();
    try {
      const { write, batches, finishNext } = recordedWrite<number>();
      const queue = createBatchQueue(write, { maxBatch: 100, gatherMs: 25 });
      const first = queue.add(1);
      await vi.advanceTimersByTimeAsync(10);
      const second = queue.add(2);
      await vi.advanceTimersByTimeAsync(10);
      const third = queue.add(3);
      // 20 ms after the first: nothing written yet.
      expect(batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(5);
      expect(batches).toEqual([[1, 2, 3]]);
      const fourth = queue.add(4);
      await finishNext();
      expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
      // What arrived while a statement was under way is written as soon as it ends, without a second wait.
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1, 2, 3], [4]]);
      await finishNext();
      expect(await fourth).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a key in a statement once, its later items in the next ones in their order', async () => {
    const { write, batches, finishNext } = recordedWrite<{ station: number; n: number }>();
    const queue = createBatchQueue(write, { maxBatch: 100, keyOf: (input) => input.station, gatherMs: 0 });
    const added = [
      { station: 1, n: 1 },
      { station: 2, n: 2 },
      { station: 1, n: 3 },
      { station: 1, n: 4 },
    ].map((input) => queue.add(input));
    for (let statement = 0; statement < 3; statement += 1) {
      await finishNext();
    }
    await Promise.all(added);
    expect(batches.map((batch) => batch.map((input) => input.n))).toEqual([[1, 2], [3], [4]]);
  });

  it('fails only the item whose data a statement refuses, and the whole batch for any other error', async () => {
    const written: number[][] = [];
    const queue = createBatchQueue(
      async (batch: number[]) => {
        written.push(batch);
        if (batch.includes(13)) {
          throw dataError();
        }
        if (batch.includes(99)) {
          throw new Error('connection lost');
        }
        return batch;
      },
      { maxBatch: 100, gatherMs: 0 },
    );
    const outcomes = await Promise.allSettled([12, 13, 14].map((input) => queue.add(input)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written).toEqual([[12, 13, 14], [12], [13], [14]]);

    const lost = await Promise.allSettled([98, 99].map((input) => queue.add(input)));
    expect(lost.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(written.slice(4)).toEqual([[98, 99]]);
  });

  it('answers nothing when the write answers nothing, and is idle once all is written', async () => {
    const written: string[] = [];
    const queue = createBatchQueue(
      async (batch: string[]) => {
        written.push(...batch);
      },
      { maxBatch: 10, gatherMs: 0 },
    );
    const sent = queue.add('a');
    void queue.add('b');
    await queue.idle();
    expect(written).toEqual(['a', 'b']);
    expect(await sent).toBeUndefined();
  });
});
