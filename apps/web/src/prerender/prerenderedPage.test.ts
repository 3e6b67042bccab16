import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedPage, STORAGE_KEYS, type TFrame } from '../../build/prerenderedPage';
import { LANGUAGE_KEY } from '@/lib/language';
import { PERMISSIONS_KEY, PRERENDER_ID, PRERENDER_STYLE_ID } from '@/lib/prerender';
import { APP_ENTRY_ATTRIBUTE } from '@/lib/prerenderIds';
import { SESSION_KEY } from '@/lib/session';

const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <title>Zaryad</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const sha256 = (script: string | undefined) =>
  `'sha256-${createHash('sha256')
    .update(script ?? '')
    .digest('base64')}'`;

const frame = (language: string, css: string[] = ['.a{color:red}']): TFrame => ({
  language,
  html: `<main class="frame">${language}</main>`,
  css,
  asked: ['merchants.edit', 'merchants.view'],
});

const FRAMES = [frame('ru', ['.a{color:red}', '.b{color:blue}']), frame('en'), frame('ky')];

/** Parses the page into this document and runs its inline script, as a browser does while it reads the page. */
const open = (html: string) => {
  document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  document.documentElement.lang = 'ru';
  const script = document.body.querySelector('script');
  script?.remove();
  new Function(script?.textContent ?? '')();
};

const signIn = (permissions: string, language?: string) => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  localStorage.setItem(PERMISSIONS_KEY, permissions);
  if (language) {
    localStorage.setItem(LANGUAGE_KEY, language);
  }
};

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('a prerendered page', () => {
  it("uses the app's own storage keys and element ids", () => {
    expect(STORAGE_KEYS).toEqual({ session: SESSION_KEY, language: LANGUAGE_KEY, permissions: PERMISSIONS_KEY });
    const { html } = prerenderedPage(INDEX, FRAMES);
    expect(html).toContain(`<div id="${PRERENDER_ID}" inert aria-hidden="true"`);
    expect(html).toContain(`<style id="${PRERENDER_STYLE_ID}">`);
  });

  it('carries each language once, the styles once, and the hash of its one inline script', () => {
    const { html, scriptHashes } = prerenderedPage(INDEX, FRAMES);
    expect(html.match(/<template data-language="\w+">/g)).toEqual([
      '<template data-language="ru">',
      '<template data-language="en">',
      '<template data-language="ky">',
    ]);
    expect(html.match(/\.a\{color:red\}/g)).toHaveLength(1);
    expect(html).toContain('.b{color:blue}');
    expect(html).toContain('data-permissions="merchants.edit merchants.view"');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(scriptHashes).toEqual([sha256(scripts[0])]);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("with a record fill: runs it after the frame's script, hashes both, and leaves the app's start to it", () => {
    const fill = 'window.filled = true;';
    const { html, scriptHashes } = prerenderedPage(INDEX, FRAMES, fill);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    expect(scripts[1]).toBe(fill);
    expect(scriptHashes).toEqual([sha256(scripts[0]), sha256(fill)]);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/index-abc.js" ${APP_ENTRY_ATTRIBUTE}>`);
    expect(() => prerenderedPage(INDEX, FRAMES, 'x = "</script>";')).toThrow(/cannot be inlined/);
  });

  it('shows the frame in the stored language to a signed-in account holding what it asked', () => {
    signIn('merchants.view rates.view merchants.edit', 'ky');
    open(prerenderedPage(INDEX, FRAMES).html);
    expect(document.getElementById(PRERENDER_ID)?.innerHTML).toBe('<main class="frame">ky</main>');
    expect(document.documentElement.lang).toBe('ky');
    expect(document.getElementById(PRERENDER_STYLE_ID)).not.toBeNull();
  });

  it('shows the Russian frame when no language is stored', () => {
    signIn('merchants.edit merchants.view');
    open(prerenderedPage(INDEX, FRAMES).html);
    expect(document.getElementById(PRERENDER_ID)?.innerHTML).toBe('<main class="frame">ru</main>');
  });

  it('shows nothing to a role that lacks a permission the frame asked: its app draws less', () => {
    signIn('merchants.view merchants.edited');
    open(prerenderedPage(INDEX, FRAMES).html);
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(document.getElementById(PRERENDER_STYLE_ID)).toBeNull();
  });

  it('shows nothing when signed out, nor before the app has stored any permission', () => {
    open(prerenderedPage(INDEX, FRAMES).html);
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
    open(prerenderedPage(INDEX, FRAMES).html);
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
    expect(document.getElementById(PRERENDER_STYLE_ID)).toBeNull();
  });

  it('refuses an index it cannot prerender into', () => {
    expect(() => prerenderedPage('<html><body></body></html>', FRAMES)).toThrow(/no <\/head>/);
  });
});
