import { useLayoutEffect } from 'react';

import { PERMISSIONS_KEY, PRERENDER_ID, PRERENDER_STYLE_ID } from '@/lib/prerenderIds';

export { PERMISSIONS_KEY, PRERENDER_ID, PRERENDER_STYLE_ID };

export const rememberPermissions = (permissions: readonly string[]) => {
  try {
    window.localStorage.setItem(PERMISSIONS_KEY, permissions.join(' '));
  } catch {
    // A full or refused storage only costs the next visit its prerendered frame.
  }
};

/** Removes the prerendered frame and its styles, if the page had one: the app's own frame is under it. */
export const dropPrerender = () => {
  document.getElementById(PRERENDER_ID)?.remove();
  document.getElementById(PRERENDER_STYLE_ID)?.remove();
};

/**
 * For the first frames the app draws for good: the signed-in layout with its screen, the sign-in screens, the error
 * page. A layout effect: the frame goes in the same paint as the app's own appears, with no blank in between.
 */
export const useDropPrerender = () => {
  useLayoutEffect(dropPrerender, []);
};
