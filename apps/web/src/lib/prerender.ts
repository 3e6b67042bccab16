import { useInsertionEffect } from 'react';

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
 * page. The frame goes in the same paint as the app's own appears, with no blank in between. An insertion effect, the
 * commit's first: the screen's own layout effects (a table's column widths, the tabs' ink bar) then measure the app
 * alone, not the app and the whole frame over it, which cost a phone twice the layout (issue 18).
 */
export const useDropPrerender = () => {
  useInsertionEffect(dropPrerender, []);
};
