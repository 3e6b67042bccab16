/**
 * The drivers' API's stations and content (issue 38, items 3 and 6; docs/product/app-api.md): stations near a point,
 * one station, and the app's banners, fullscreens, news and promotions.
 */
export {};
