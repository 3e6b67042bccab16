import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { PERMISSIONS, type TLanguage, type TMe } from '@zaryad/contracts';
import postcss, { type AtRule } from 'postcss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { routerFor } from '@/app/router';
import { observePermissionChecks } from '@/components/permissions/permissions';
import { i18n, i18nReady } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

/**
 * The first frame of each signed-in screen, drawn at build time by the app itself (build/prerender.ts loads this
 * module with Vite, in happy-dom, the DOM of the web tests): the layout and the screen as they look while the
 * screen's data is on its way. The server sends it in the page, so a phone paints the screen's frame before the
 * app's scripts arrive (issue 18); the app covers it with its own first frame (lib/prerender.ts).
 *
 * What the frame may show: nothing of any account or record. `/accounts/me/` answers an account without a name that
 * holds every permission; the permissions the frame asked about are noted, and the page shows the frame only to an
 * account that holds them all, for which the app draws the same menu and buttons. Every other call stays unanswered:
 * the screen shows its loading state.
 */

export { PRERENDERED_SCREENS } from '@/prerender/screens';

export type TScreenFrame = {
  /** The screen's markup inside the app's root element, in the language asked. */
  html: string;
  /** The styles that markup uses: Ant Design's as the app injects them, then the app's own stylesheets. */
  css: string[];
  /**
   * Every permission of the catalogue the frame's menu, screen and buttons asked about, all granted. (A check of one
   * outside it, such as `merchants.delete` for a domain without deletion, was answered no, as for every account.)
   */
  asked: string[];
};

const ME_PATH = '/accounts/me/';
const CATALOGUE: ReadonlySet<string> = new Set(PERMISSIONS);

const anonymousMe = (): TMe => ({
  id: 0,
  role: { id: 0, key: '', name: '' },
  last_name: '',
  first_name: '',
  phone: '',
  email: '',
  position: '',
  birthday: null,
  status: 0,
  created_by: null,
  created_at: '',
  updated_at: '',
  permissions: [...PERMISSIONS],
});

/** The API, as far as a first frame may know it: who is asking, and nothing else. */
const pendingFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (new URL(url, window.location.href).pathname.endsWith(ME_PATH)) {
    return Promise.resolve(
      new Response(JSON.stringify(anonymousMe()), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  }
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
};

const QUIET_MS = 150;
const SETTLE_LIMIT_MS = 10_000;

/** Resolves once the layout is drawn and the DOM has stopped changing (lazy parts loaded, effects run). */
const settled = (root: HTMLElement) =>
  new Promise<void>((resolve, reject) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => restart());
    const finish = () => {
      observer.disconnect();
      clearTimeout(limitTimer);
      resolve();
    };
    const restart = () => {
      clearTimeout(quietTimer);
      if (root.querySelector('[data-testid="app-sider"]')) {
        quietTimer = setTimeout(finish, QUIET_MS);
      }
    };
    const limitTimer = setTimeout(() => {
      observer.disconnect();
      clearTimeout(quietTimer);
      reject(new Error(`the screen did not settle in ${SETTLE_LIMIT_MS} ms: ${root.innerHTML.slice(0, 300)}`));
    }, SETTLE_LIMIT_MS);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    restart();
  });

/** States an inert picture is never in, and parts of elements a selector engine does not match. */
const DYNAMIC_PARTS =
  /::?(?:before|after|placeholder|selection|first-line|first-letter|marker|backdrop|-webkit-[\w-]+|-moz-[\w-]+)\b|:(?:hover|focus|focus-visible|focus-within|active|visited|target)\b/g;

/** Whether a rule's selector can apply to an element of the frame (its pseudo-elements and states aside). */
const appliesTo = (frame: HTMLElement, selector: string) => {
  const element = selector.replace(DYNAMIC_PARTS, '').trim() || '*';
  try {
    return frame.querySelector(element) !== null || frame.matches(element);
  } catch {
    // A selector the engine cannot read is kept: a style too many costs bytes, one too few breaks the frame.
    return true;
  }
};

/**
 * The rules of what antd injected into the head that apply to the frame: each of its components brings the styles of
 * all its states, sizes and variants, and the frame shows few of them (about a tenth of the text).
 */
const usedStyles = (frame: HTMLElement, stylesheets: readonly string[]): string[] =>
  [...[...document.head.querySelectorAll('style')].map((style) => style.textContent ?? ''), ...stylesheets].flatMap(
    (text) => {
      const sheet = postcss.parse(text);
      sheet.walkRules((rule) => {
        const isInKeyframes = rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name);
        if (!isInKeyframes && !rule.selectors.some((selector) => appliesTo(frame, selector))) {
          rule.remove();
        }
      });
      sheet.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) {
          atRule.remove();
        }
      });
      const css = sheet.toString().trim();
      return css ? [css] : [];
    },
  );

/**
 * antd scopes its theme's variables under a class named after a React id, which differs from one render to the next:
 * one name for all, so the three languages' frames share one set of styles (the app has one theme).
 */
const sameThemeKey = (text: string) => text.replace(/css-var-_r_[0-9a-z]+_/g, 'css-var-frame');

let isStarted = false;

const start = async () => {
  if (isStarted) {
    return;
  }
  isStarted = true;
  window.localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'prerender', refresh: 'prerender' }));
  window.fetch = pendingFetch as typeof window.fetch;
  await i18nReady;
};

/**
 * The first frame of the screen at `path` (a route of the signed-in area, its parameters filled) in `language`.
 * `stylesheets`: the built app's own CSS files (its components' .css imports), whose rules the frame uses are kept.
 */
export const prerenderScreen = async (
  path: string,
  language: TLanguage,
  stylesheets: readonly string[],
): Promise<TScreenFrame> => {
  await start();
  await i18n.changeLanguage(language);
  const asked = new Set<string>();
  observePermissionChecks((permission) => {
    if (CATALOGUE.has(permission)) {
      asked.add(permission);
    }
  });
  const router = await routerFor('signedIn');
  await router.navigate(path);

  document.head.querySelectorAll('style').forEach((style) => style.remove());
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  // A cache of its own: antd injects, into the emptied head, exactly the styles of this screen.
  root.render(
    <StrictMode>
      <StyleProvider cache={createCache()} container={document.head}>
        <App />
      </StyleProvider>
    </StrictMode>,
  );
  try {
    await settled(container);
    return {
      html: sameThemeKey(container.innerHTML),
      css: usedStyles(container, stylesheets).map(sameThemeKey),
      asked: [...asked].sort(),
    };
  } finally {
    observePermissionChecks(undefined);
    root.unmount();
    container.remove();
  }
};
