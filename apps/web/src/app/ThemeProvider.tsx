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

const THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_TEXT_COLOR,
    colorPrimaryText: PRIMARY_TEXT_COLOR,
    // antd's #52c41a is 2.3:1 on white (counts of active stations); green-8 keeps 4.5:1.
    colorSuccessText: '#237804',
    // antd's #ff4d4f is 3.3:1 on white (danger buttons, error texts); this red keeps 4.5:1.
    colorError: '#cf1322',
    colorTextTertiary: SECONDARY_TEXT_COLOR,
    colorTextDescription: SECONDARY_TEXT_COLOR,
    colorTextPlaceholder: SECONDARY_TEXT_COLOR,
  },
  components: {
    // Hovered and pressed darken rather than lighten: white text keeps AA contrast (6.4:1 and 8:1) under the pointer.
    Button: { colorPrimary: PRIMARY_TEXT_COLOR, colorPrimaryHover: '#146b62', colorPrimaryActive: '#115a53' },
    Menu: { itemSelectedColor: SELECTED_TEXT_COLOR, subMenuItemSelectedColor: SELECTED_TEXT_COLOR },
    Breadcrumb: {
      itemColor: SECONDARY_TEXT_COLOR,
      linkColor: SECONDARY_TEXT_COLOR,
      separatorColor: SECONDARY_TEXT_COLOR,
    },
    Pagination: { colorPrimary: PRIMARY_TEXT_COLOR },
    // A switch's white label on the primary is 3:1: the darker teal keeps 4.8:1.
    Switch: { colorPrimary: PRIMARY_TEXT_COLOR, colorPrimaryHover: '#146b62' },
    // An empty table's 'no data' is drawn in the disabled grey (1.8:1).
    Table: { colorTextDisabled: SECONDARY_TEXT_COLOR },
    // Status tags (success, processing, error, warning) write their word in the preset colour on its light tint
    // (3.4–3.7:1): their darker shades keep 4.5:1.
    Tag: { colorSuccess: '#237804', colorInfo: '#0958d9', colorError: '#a8071a', colorWarning: '#ad4e00' },
    Tabs: { colorPrimary: PRIMARY_TEXT_COLOR },
    // Solid radio buttons (rate type) carry white text on the primary: the darker teal keeps 4.8:1.
    Radio: {
      buttonSolidCheckedBg: PRIMARY_TEXT_COLOR,
      buttonSolidCheckedHoverBg: '#146b62',
      buttonSolidCheckedActiveBg: '#115a53',
    },
  },
};

/**
 * antd's dark algorithm with the same teal. On #141414 and #1f1f1f the primary itself reads 5.5–6:1, so links and
 * selected items use it; filled buttons keep the darker teal under their white text. antd's dark greys and reds
 * fall short of 4.5:1 for secondary texts and errors: lighter ones here, and for the blue and red status tags.
 */
const DARK_THEME: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorLinkHover: '#4cc3b5',
    colorPrimaryText: PRIMARY_COLOR,
    colorError: '#ff7875',
    colorTextTertiary: DARK_SECONDARY_TEXT_COLOR,
    colorTextDescription: DARK_SECONDARY_TEXT_COLOR,
    colorTextPlaceholder: DARK_SECONDARY_TEXT_COLOR,
  },
  components: {
    Button: {
      colorPrimary: PRIMARY_TEXT_COLOR,
      colorPrimaryHover: '#146b62',
      colorPrimaryActive: '#115a53',
      // Danger buttons write the light red (7.2:1 on #141414); a filled one carries dark text on it (white is 2.5:1).
      dangerColor: 'rgba(0, 0, 0, 0.88)',
    },
    // The selected item's tinted background (#18403c) leaves the primary at 3.8:1: a lighter teal reads 6.4:1.
    Menu: { itemSelectedColor: DARK_SELECTED_TEXT_COLOR, subMenuItemSelectedColor: DARK_SELECTED_TEXT_COLOR },
    Breadcrumb: {
      itemColor: DARK_SECONDARY_TEXT_COLOR,
      linkColor: DARK_SECONDARY_TEXT_COLOR,
      separatorColor: DARK_SECONDARY_TEXT_COLOR,
    },
    Pagination: { colorPrimary: PRIMARY_COLOR },
    Switch: { colorPrimary: PRIMARY_TEXT_COLOR, colorPrimaryHover: '#146b62' },
    Table: { colorTextDisabled: DARK_SECONDARY_TEXT_COLOR },
    // antd's dark blue and red tags are 3.4:1 and 4:1 on their tints: lighter shades keep 4.5:1.
    Tag: { colorInfo: '#65a9f3', colorError: '#ff7875' },
    Tabs: { colorPrimary: PRIMARY_COLOR },
    Radio: {
      buttonSolidCheckedBg: PRIMARY_TEXT_COLOR,
      buttonSolidCheckedHoverBg: '#146b62',
      buttonSolidCheckedActiveBg: '#115a53',
    },
  },
};

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
