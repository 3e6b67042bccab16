import { describe, expect, it } from 'vitest';
import { createBootAdmission, createLimiter } from './ocpp.central-system';

describe('boot slots (issue 34, item 4: a network reconnecting after a restart boots spread out)', () => {
  it('accepts a second of boots at once, answers the rest with the seconds to their own slot, and accepts them then', () => {
    const boots = createBootAdmission(10);
    const now = 1_000_000;
    const waits = Array.from({ length: 30 }, (_, index) => boots.admit(index + 1, now));
    // Slot n is n × 100 ms away: the first second's 10 at once, each other one told the whole seconds until its own.
    expect(waits).toEqual(waits.map((_, index) => (index < 10 ? 0 : Math.ceil((index * 100) / 1000))));
    expect(waits.slice(10, 12)).toEqual([1, 2]);
    // Back early: still told to wait; back at its slot: accepted, and the slot is used up.
    expect(boots.admit(25, now + 500)).toBe(2);
    expect(boots.admit(25, now + 1_600)).toBe(0);
    expect(boots.admit(11, now + 1_000)).toBe(0);
    // A charge point that went away gives its slot up and asks afresh (behind the slots kept).
    boots.forget(30);
    expect(boots.admit(30, now + 1_000)).toBe(2);
  });
});

describe('transactions in turn (a burst of StopTransactions waits in the process, not for a pool connection)', () => {
  it('runs at most the limit at once, every one in the end, a failure freeing its place', async () => {
    const inTurn = createLimiter(2);
    let running = 0;
    let most = 0;
    const work = (fail: boolean) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail) {
        throw new Error('failed');
      }
      return 1;
    };
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, index) => inTurn(work(index % 3 === 0))));
    expect(most).toBe(2);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(6);
    expect(running).toBe(0);
  });
});
