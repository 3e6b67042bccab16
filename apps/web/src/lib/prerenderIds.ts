// No React here: the prerendered pages' own scripts use these too (prerender/frameFill.ts, build/prerenderedPage.ts).

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

/** A page's `<link rel="modulepreload">` of the app's entry, when its record fill starts the app (frameFill.ts). */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
