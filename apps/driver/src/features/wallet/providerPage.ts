/** Leaves the app for the payment provider's page (its own module, so that a test can hold the browser back). */
export const openProviderPage = (url: string) => {
  window.location.assign(url);
};
