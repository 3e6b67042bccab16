import type { TLanguage } from '@zaryad/contracts';
import { API_BASE } from '@/lib/api';
import { FRAME_FIELD_ATTRIBUTE, leaveFrameRecord } from '@/lib/frameRecord';
import { toLanguage } from '@/lib/language';
import { APP_ENTRY_ATTRIBUTE, PRERENDER_ID } from '@/lib/prerenderIds';
import { SESSION_KEY } from '@/lib/sessionKeys';
import { isTokenPair } from '@/lib/tokens';

/**
 * What a prerendered screen showing one record needs for its frame to show the record's texts before the app arrives
 * (screens.ts names the screen's fill; build/prerender.ts bundles it into the page's second inline script).
 */
export type TFrameFill<TRecord> = {
  /** The record's API path for the page's path (`/merchant/9` shows `/merchants/9/`), as the app's client asks it. */
  recordPath: (pagePath: string) => string | undefined;
  /** The record's texts by the names of the frame's pending values (PendingValue), in the frame's language. */
  texts: (record: TRecord, language: TLanguage) => Record<string, string>;
};

/** The app is started by then even if the record has not arrived: it asks again, with its own refresh and errors. */
const APP_START_LIMIT_MS = 3000;

const accessToken = (): string | undefined => {
  try {
    const session: unknown = JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? 'null');
    return isTokenPair(session) ? session.access : undefined;
  } catch {
    return undefined;
  }
};

/** Runs the app's entry, which the page only preloads (build/prerenderedPage.ts). */
const startApp = () => {
  const href = document.querySelector(`link[${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute('href');
  if (href) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = href;
    document.head.append(script);
  }
};

/** Writes each text in place of its pending value. `textContent`: a record's text is never read as markup. */
export const writeTexts = (frame: ParentNode, texts: Record<string, string>) => {
  frame.querySelectorAll<HTMLElement>(`[${FRAME_FIELD_ATTRIBUTE}]`).forEach((element) => {
    const text = texts[element.getAttribute(FRAME_FIELD_ATTRIBUTE) ?? ''];
    if (text !== undefined) {
      element.textContent = text;
    }
  });
};

/**
 * Runs after the script that picks the frame (build/prerenderedPage.ts). When the frame is shown, asks for the screen's
 * record at once, as the app would (its token, its language), writes the record's texts into the frame, and leaves the
 * answer for the app (lib/frameRecord.ts). The app's scripts download meanwhile and start once the texts are drawn:
 * the app's first frame needs the record anyway, and the frame's texts get a paint of their own, long before a
 * phone has run the app. Without a frame, a session or a record to show, the app starts at once.
 */
export const runFrameFill = <TRecord>(fill: TFrameFill<TRecord>) => {
  const frame = document.getElementById(PRERENDER_ID);
  const token = accessToken();
  const path = fill.recordPath(window.location.pathname);
  if (!frame || !token || !path) {
    startApp();
    return;
  }
  let isStarted = false;
  const start = () => {
    if (!isStarted) {
      isStarted = true;
      clearTimeout(startLimit);
      startApp();
    }
  };
  const startLimit = setTimeout(start, APP_START_LIMIT_MS);
  const language = toLanguage(document.documentElement.lang);
  const answer = fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: `Bearer ${token}` },
  })
    .then((response) => (response.ok ? (response.json() as Promise<TRecord>) : undefined))
    // Refused (an expired token), failed or not JSON: the app asks again, with its refresh and its error messages.
    .catch(() => undefined);
  leaveFrameRecord({ path, answer });
  void answer.then((record) => {
    try {
      if (record) {
        writeTexts(frame, fill.texts(record, language));
      }
    } catch {
      // A record this script cannot read keeps its skeletons: the app draws it.
    }
    requestAnimationFrame(() => setTimeout(start, 0));
  });
};
