/**
 * Light or dark (docs/design.md, dark mode): the account menu's choice, `system` (the default) following the
 * system's prefers-color-scheme. Remembered in this browser under `theme`. The page's <html> carries the resolved
 * theme as `data-theme` and `color-scheme`: index.html's shell, the sign-in screens' CSS and the scrollbars read it;
 * antd reads it through ThemeProvider. Plain code, no React or antd: main.tsx starts it first, so the shell
 * index.html paints turns dark (or light) before the app's texts and screens arrive.
 */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type TThemePreference = (typeof THEME_PREFERENCES)[number];
export type TTheme = 'light' | 'dark';

export const THEME_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is TThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

const readPreference = (): TThemePreference => {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
};

const systemTheme = (): TTheme =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

const resolve = (preference: TThemePreference): TTheme => (preference === 'system' ? systemTheme() : preference);

type TThemeState = { preference: TThemePreference; theme: TTheme };

let state: TThemeState = { preference: readPreference(), theme: 'light' };
state = { ...state, theme: resolve(state.preference) };
const listeners = new Set<() => void>();

const apply = () => {
  const root = document.documentElement;
  root.dataset.theme = state.theme;
  root.style.colorScheme = state.theme;
};

const update = (preference: TThemePreference) => {
  const next = { preference, theme: resolve(preference) };
  if (next.preference === state.preference && next.theme === state.theme) {
    return;
  }
  state = next;
  apply();
  listeners.forEach((listener) => {
    listener();
  });
};

let isStarted = false;

/** Marks the page with the theme and follows the system's and other tabs' changes from now on; once a page. */
export const startThemePreference = () => {
  if (isStarted) {
    return;
  }
  isStarted = true;
  apply();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      update(state.preference);
    });
  }
  // Another tab's choice applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) {
      update(readPreference());
    }
  });
};

/** For useSyncExternalStore: the choice and the theme it resolves to, a new object only when either changes. */
export const themeStore = {
  get: (): TThemeState => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  set: (preference: TThemePreference) => {
    try {
      if (preference === 'system') {
        localStorage.removeItem(THEME_KEY);
      } else {
        localStorage.setItem(THEME_KEY, preference);
      }
    } catch {
      // Storage refused (private mode): the choice holds until the page is closed.
    }
    update(preference);
  },
};
