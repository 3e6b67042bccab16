/**
 * Plain constants and checks of banners and fullscreens, without zod, so that the web's list screens read them
 * without loading a parser (banners.ts holds the schemas).
 */
export const BANNER_TYPES = ['banner', 'fullscreen'] as const;
export type TBannerType = (typeof BANNER_TYPES)[number];

/** The app's screens a fullscreen may open on. */
export const FULLSCREEN_CATEGORIES = ['main', 'list', 'maps', 'stock', 'notifications'] as const;
export type TFullscreenCategory = (typeof FULLSCREEN_CATEGORIES)[number];

const CATEGORY_SET: ReadonlySet<string> = new Set(FULLSCREEN_CATEGORIES);
export const isFullscreenCategory = (value: string): value is TFullscreenCategory => CATEGORY_SET.has(value);

/** Where a tap on a fullscreen leads: the link in the phone's browser, the link inside the app, the merchant's card. */
export const FULLSCREEN_DESTINATIONS = ['browser', 'webview', 'merchant'] as const;
export type TFullscreenDestination = (typeof FULLSCREEN_DESTINATIONS)[number];

export const BANNER_LIMITS = {
  name: 100,
  link: 500,
  buttonName: 40,
  /** docs/product/common.md#9-limits: the default image limit. */
  imageMaxBytes: 256 * 1024,
  stations: 100,
} as const;

/** docs/product/common.md#9-limits: the fullscreen (iOS) image is 9:19.5, within 1%. */
export const FULLSCREEN_RATIO = { width: 9, height: 19.5, tolerance: 0.01 } as const;

export const isFullscreenRatio = (width: number, height: number): boolean =>
  width > 0 &&
  height > 0 &&
  Math.abs(width / height / (FULLSCREEN_RATIO.width / FULLSCREEN_RATIO.height) - 1) <= FULLSCREEN_RATIO.tolerance;

/** `#22A699`: six hex digits. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A valid http or https URL (docs/product/banners.md#5-validation: 'URL must be valid'). */
export const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) {
    return false;
  }
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};
