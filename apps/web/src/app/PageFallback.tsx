/**
 * Shown while a route's chunk loads on the first visit. Plain markup on purpose: it is part of the entry
 * chunk that the login screen loads, where every kilobyte counts.
 */
export const PageFallback = () => <div aria-busy="true" style={{ minHeight: '100vh' }} />;
