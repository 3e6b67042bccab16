import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from '@/app/antdLocales';
// dayjs's month and weekday names for the date pickers follow the language (see dates.ts).
import '@/lib/dates';
import { toLanguage } from '@/lib/language';
import { startThemePreference, themeStore, type TTheme } from '@/app/themePreference';

/** docs/product/common.md#9-limits: theme primary colour. */
export const PRIMARY_COLOR = '#22A699';
/**
 * The same teal, darker, for text on white and white text on teal: #22A699 reaches only 3:1 against white,
 * and WCAG 2 AA asks 4.5:1 for normal text. Borders, focus rings, checkboxes and icons keep the primary.
 */
export const PRIMARY_TEXT_COLOR = '#1A7F75';
/** Darker still, for the selected menu item on its tinted background (4.9:1). */
const SELECTED_TEXT_COLOR = '#156B63';
/** Secondary texts (breadcrumbs, descriptions, hints) at 0.45 alpha fall to ~3.3:1; 0.62 keeps 4.5:1 on grey too. */
const SECONDARY_TEXT_COLOR = 'rgba(0, 0, 0, 0.62)';
/** The same in dark: white at 0.45 is 4.3:1 on #141414; 0.62 keeps 4.5:1 on the raised #1f1f1f and the fills. */
const DARK_SECONDARY_TEXT_COLOR = 'rgba(255, 255, 255, 0.62)';
/** The selected menu item's teal in dark, on its tinted background. */
const DARK_SELECTED_TEXT_COLOR = '#5fd4c6';

/** What differs between the light and the dark theme; buildTheme adds what both share. */
type TPalette = {
  algorithm?: ThemeConfig['algorithm'];
  /** Links, tabs, pagination and outlined teal texts. */
  primaryText: string;
  /** The selected menu item's text on its tinted background. */
  selectedText: string;
  /** Breadcrumbs, descriptions, hints, placeholders and an empty table's text. */
  secondaryText: string;
  error: string;
  token: ThemeConfig['token'];
  button: NonNullable<ThemeConfig['components']>['Button'];
  tag: NonNullable<ThemeConfig['components']>['Tag'];
};

/**
 * One theme from its palette. Filled buttons, switches and solid radio buttons (rate type) carry white text on the
 * darker teal in both themes (4.8:1); hovered and pressed darken rather than lighten, keeping 6.4:1 and 8:1 under the
 * pointer.
 */
const buildTheme = (palette: TPalette): ThemeConfig => ({
  algorithm: palette.algorithm,
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: palette.primaryText,
    colorPrimaryText: palette.primaryText,
    colorError: palette.error,
    colorTextTertiary: palette.secondaryText,
    colorTextDescription: palette.secondaryText,
    colorTextPlaceholder: palette.secondaryText,
    ...palette.token,
  },
  components: {
    Button: {
      colorPrimary: PRIMARY_TEXT_COLOR,
      colorPrimaryHover: '#146b62',
      colorPrimaryActive: '#115a53',
      ...palette.button,
    },
    Menu: { itemSelectedColor: palette.selectedText, subMenuItemSelectedColor: palette.selectedText },
    Breadcrumb: {
      itemColor: palette.secondaryText,
      linkColor: palette.secondaryText,
      separatorColor: palette.secondaryText,
    },
    Pagination: { colorPrimary: palette.primaryText },
    Switch: { colorPrimary: PRIMARY_TEXT_COLOR, colorPrimaryHover: '#146b62' },
    // An empty table's 'no data' is drawn in the disabled grey (1.8:1).
    Table: { colorTextDisabled: palette.secondaryText },
    Tag: palette.tag,
    Tabs: { colorPrimary: palette.primaryText },
    Radio: {
      buttonSolidCheckedBg: PRIMARY_TEXT_COLOR,
      buttonSolidCheckedHoverBg: '#146b62',
      buttonSolidCheckedActiveBg: '#115a53',
    },
  },
});

const THEME = buildTheme({
  primaryText: PRIMARY_TEXT_COLOR,
  selectedText: SELECTED_TEXT_COLOR,
  secondaryText: SECONDARY_TEXT_COLOR,
  // antd's #ff4d4f is 3.3:1 on white (danger buttons, error texts); this red keeps 4.5:1.
  error: '#cf1322',
  // antd's #52c41a is 2.3:1 on white (counts of active stations); green-8 keeps 4.5:1.
  token: { colorSuccessText: '#237804' },
  button: {},
  // Status tags (success, processing, error, warning) write their word in the preset colour on its light tint
  // (3.4–3.7:1): their darker shades keep 4.5:1.
  tag: { colorSuccess: '#237804', colorInfo: '#0958d9', colorError: '#a8071a', colorWarning: '#ad4e00' },
});

/**
 * antd's dark algorithm with the same teal. On #141414 and #1f1f1f the primary itself reads 5.5–6:1, so links and
 * selected items use it; filled buttons keep the darker teal under their white text. antd's dark greys and reds
 * fall short of 4.5:1 for secondary texts and errors: lighter ones here, and for the blue and red status tags.
 */
const DARK_THEME = buildTheme({
  algorithm: antdTheme.darkAlgorithm,
  primaryText: PRIMARY_COLOR,
  // The selected item's tinted background (#18403c) leaves the primary at 3.8:1: a lighter teal reads 6.4:1.
  selectedText: DARK_SELECTED_TEXT_COLOR,
  secondaryText: DARK_SECONDARY_TEXT_COLOR,
  error: '#ff7875',
  token: { colorLinkHover: '#4cc3b5' },
  // Danger buttons write the light red (7.2:1 on #141414); a filled one carries dark text on it (white is 2.5:1).
  button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
  // antd's dark blue and red tags are 3.4:1 and 4:1 on their tints: lighter shades keep 4.5:1.
  tag: { colorInfo: '#65a9f3', colorError: '#ff7875' },
});

/** Without motion: modals, drawers, menus and messages appear and leave at once. */
const still = (config: ThemeConfig): ThemeConfig => ({ ...config, token: { ...config.token, motion: false } });
const THEMES: Record<TTheme, { moving: ThemeConfig; still: ThemeConfig }> = {
  light: { moving: THEME, still: still(THEME) },
  dark: { moving: DARK_THEME, still: still(DARK_THEME) },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToMotionPreference = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
};
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** The theme shown: the account menu's choice, or the system's with `system` (app/themePreference.ts). */
export const useTheme = () => useSyncExternalStore(themeStore.subscribe, themeStore.get);

/**
 * Ant Design's theme and locale; the locale follows the interface language, the theme light or dark as chosen in
 * the account menu (or by the system). A system asking for reduced motion (WCAG 2.3.3) gets none: no zoom, slide
 * or fade. antd's <App> (message, modal) sits in the signed-in layout: the login screen needs neither, and they
 * weigh ~25 KB.
 */
export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const isMotionReduced = useSyncExternalStore(subscribeToMotionPreference, prefersReducedMotion);
  startThemePreference();
  const { theme } = useTheme();
  const themes = THEMES[theme];
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={isMotionReduced ? themes.still : themes.moving}>
      {children}
    </ConfigProvider>
  );
};
