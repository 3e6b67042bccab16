import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of every message in the answer: from Accept-Language, ru when missing or unknown. */
    language: TLanguage;
  }
}

// The web app's switcher says KG; accept the country code as Kyrgyz too.
const ALIASES: Record<string, TLanguage> = { kg: 'ky' };

const isLanguage = (value: string): value is TLanguage => (LANGUAGES as readonly string[]).includes(value);

/** Picks the supported language with the highest q-value of an Accept-Language header. */
export const parseAcceptLanguage = (header: string | undefined): TLanguage => {
  if (!header) {
    return DEFAULT_LANGUAGE;
  }
  const candidates = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      const primary = tag.toLowerCase().split('-')[0] ?? '';
      return { language: ALIASES[primary] ?? primary, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((candidate) => candidate.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = candidates.find((candidate) => isLanguage(candidate.language));
  return match && isLanguage(match.language) ? match.language : DEFAULT_LANGUAGE;
};

const i18nPlugin = async (app: FastifyInstance) => {
  // A getter rather than a hook: errors raised before any hook runs (a bad URL) still get translated.
  app.decorateRequest('language', {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      const header = this.headers['accept-language'];
      return parseAcceptLanguage(Array.isArray(header) ? header[0] : header);
    },
  });
};

export const i18n = fp(i18nPlugin, { name: 'i18n' });
