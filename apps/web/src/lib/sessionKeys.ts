// Without the store: a prerendered page's script reads the session too (prerender/frameFill.ts), and importing
// session.ts would bring the store, which listens to the storage, into it.

/** Local storage keys of the session. Shared by every tab of the same origin. */
export const SESSION_KEY = 'zaryad.session';
/** Written on logout so that other tabs, which receive a `storage` event for it, log out as well. */
export const LOGOUT_MARKER_KEY = 'zaryad.logout';
