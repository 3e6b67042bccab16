import { useLayoutEffect } from 'react';

/**
 * A prerendered page (build/prerender.ts) shows the screen's first frame over the app, from these two elements,
 * until the app has drawn its own.
 */
export const PRERENDER_ID = 'prerender';
export const PRERENDER_STYLE_ID = 'prerender-style';

/**
 * The signed-in account's permissions, kept from its last `/accounts/me/`: a prerendered frame is drawn with every
 * permission, and the page shows it only to an account holding all those the frame asked about (build/prerenderedPage.ts).
 * Sign-out clears it with the rest of the storage.
 */
export const PERMISSIONS_KEY = 'zaryad.permissions';

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
