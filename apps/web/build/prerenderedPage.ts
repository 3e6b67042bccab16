import { createHash } from 'node:crypto';
// Where the frame is shown; the app removes both once it has drawn its own first frame.
import { APP_ENTRY_ATTRIBUTE, PERMISSIONS_KEY, PRERENDER_ID, PRERENDER_STYLE_ID } from '../src/lib/prerenderIds';

/** The file of dist/prerender/ that the server reads: which page answers which route, and the script's hash. */
export const PRERENDER_MANIFEST = 'manifest.json';
export const PRERENDER_LANGUAGES = ['ru', 'en', 'ky'] as const;

export type TPrerenderManifest = {
  /** CSP sources (`'sha256-…'`) of the pages' inline scripts. */
  scriptHashes: string[];
  /** A route of the signed-in area (`/merchant/:id`) and the page that answers it. */
  pages: { pattern: string; file: string }[];
};

export type TFrame = { language: string; html: string; css: string[]; asked: string[] };

/** The app's local storage keys (src/lib/session.ts, src/lib/language.ts; prerenderedPage.test.ts holds them equal). */
export const STORAGE_KEYS = { session: 'zaryad.session', language: 'language', permissions: PERMISSIONS_KEY } as const;

/**
 * Runs as the page is parsed, before any of the app's scripts has arrived. It shows the frame, in the stored language
 * (Russian by default), to a signed-in account whose last known permissions include every one the frame asked about:
 * the app will draw that account the same menu and buttons. Otherwise it drops the frame and its styles, and the app
 * alone draws the page (the login screen, a role that sees less). `inert`: the frame is a picture of the screen, not
 * yet the screen; it takes no click and no focus.
 */
const PICK_FRAME = `(function () {
  var frame = document.getElementById('${PRERENDER_ID}');
  try {
    var held = ' ' + localStorage.getItem('${STORAGE_KEYS.permissions}') + ' ';
    var asked = frame.getAttribute('data-permissions').split(' ');
    var holdsAll = asked.every(function (permission) {
      return held.indexOf(' ' + permission + ' ') >= 0;
    });
    if (localStorage.getItem('${STORAGE_KEYS.session}') && holdsAll) {
      var language = localStorage.getItem('${STORAGE_KEYS.language}');
      var template =
        document.querySelector('template[data-language="' + language + '"]') ||
        document.querySelector('template[data-language="${PRERENDER_LANGUAGES[0]}"]');
      frame.appendChild(template.content);
      document.documentElement.lang = template.getAttribute('data-language');
      return;
    }
  } catch (error) {}
  frame.remove();
  document.getElementById('${PRERENDER_STYLE_ID}').remove();
})();`;

/** `'sha256-…'`, the CSP source that allows exactly this inline script. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Over the page until the app replaces it: the app's own first frame is drawn underneath, in its final place. Not fixed
 * nor clipped: a screen wider than a phone overflows as the app's does, and the phone zooms the page the same way.
 */
const FRAME_CSS = `#${PRERENDER_ID}{position:absolute;top:0;left:0;width:100%;z-index:1000}`;

/** The app's entry as Vite writes it into index.html. */
const APP_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built index.html with a screen's first frame in every language, and the script that shows one of them.
 * `fillScript`: for a screen showing one record, its bundled fill (src/prerender/frameFill.ts), which runs next and
 * starts the app itself: the entry is only preloaded here.
 */
export const prerenderedPage = (index: string, frames: TFrame[], fillScript?: string) => {
  const css = [...new Set(frames.flatMap((frame) => frame.css))].join('\n');
  const templates = frames
    .map((frame) => `<template data-language="${frame.language}">${frame.html}</template>`)
    .join('\n    ');
  const head = `<style id="${PRERENDER_STYLE_ID}">${FRAME_CSS}\n${css}</style>\n  </head>`;
  const asked = [...new Set(frames.flatMap((frame) => frame.asked))].sort().join(' ');
  const body = `<div id="root"></div>
    <div id="${PRERENDER_ID}" inert aria-hidden="true" data-permissions="${asked}"></div>
    ${templates}
    <script>${PICK_FRAME}</script>${fillScript ? `\n    <script>${fillScript}</script>` : ''}`;
  if (!index.includes('</head>') || !index.includes('<div id="root"></div>')) {
    throw new Error('dist/index.html has no </head> or no empty <div id="root"></div> to prerender into');
  }
  if (fillScript && (!APP_ENTRY.test(index) || /<\/script/i.test(fillScript))) {
    throw new Error('dist/index.html has no module entry to hand to the fill, or the fill cannot be inlined');
  }
  const withEntry = fillScript
    ? index.replace(
        APP_ENTRY,
        (_tag, src: string) => `<link rel="modulepreload" crossorigin href="${src}" ${APP_ENTRY_ATTRIBUTE}>`,
      )
    : index;
  return {
    html: withEntry.replace('</head>', head).replace('<div id="root"></div>', body),
    scriptHashes: [PICK_FRAME, ...(fillScript ? [fillScript] : [])].map(scriptHash),
  };
};
