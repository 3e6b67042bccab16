import { useSyncExternalStore } from 'react';

/**
 * A phone: below antd's `md` breakpoint (768 px), where the menu is a drawer and lists are cards (docs/design.md).
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the window matches a media query now, following its changes. Right from the first render, unlike antd's
 * `Grid.useBreakpoint`, which answers `{}` until its layout effect has measured and then draws the component again:
 * on a phone a list's first frame was drawn as a table (with antd's table styles) and at once again as cards.
 */
export const useMediaQuery = (query: string) =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    () => window.matchMedia(query).matches,
  );

/** Below 768 px (`PHONE_QUERY`). */
export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
