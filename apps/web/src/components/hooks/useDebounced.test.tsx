import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('useDebouncedValue follows the value only after it settles', () => {
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
    initialProps: { value: 'a' },
  });
  rerender({ value: 'ab' });
  act(() => {
    vi.advanceTimersByTime(300);
  });
  rerender({ value: 'abc' });
  act(() => {
    vi.advanceTimersByTime(499);
  });
  expect(result.current).toBe('a');
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(result.current).toBe('abc');
});

test('useDebouncedCallback calls once with the last arguments', () => {
  const spy = vi.fn();
  const { result } = renderHook(() => useDebouncedCallback(spy, 100));
  result.current(1);
  result.current(2);
  act(() => {
    vi.advanceTimersByTime(100);
  });
  expect(spy).toHaveBeenCalledTimes(1);
  expect(spy).toHaveBeenCalledWith(2);
});
