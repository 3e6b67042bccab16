import { useEffect, useState } from 'react';

/** The longest wait: a page that is never idle still starts what waits. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False until the browser is first idle after the component mounted (`requestIdleCallback`, or a timeout where it is
 * missing): for work the first screen does not show, such as the header's notification count and its event stream,
 * so that it does not lengthen the long tasks of the screen's first render (docs/benchmarks.md, section 9).
 */
export const useAfterFirstScreen = () => {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIsReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIsReady(true), 0);
    return () => window.clearTimeout(handle);
  }, []);
  return isReady;
};
