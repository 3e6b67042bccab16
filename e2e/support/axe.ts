import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels every screen must meet: 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG 2 A and AA violations on the page, each with the elements at fault, so a failure says what to fix. axe runs in
 * the page itself (`axe.run`, the builder's legacy mode): its default gathers each frame's partial results and
 * finishes them in a new blank page, a second page and axe injected twice for every check, and the app has no
 * cross-origin frame for it to reach into.
 */
export async function accessibilityViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).setLegacyMode();
  const result = await (rules ? builder.withRules([...rules]) : builder).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * The rules a theme can change the outcome of: the others read the markup, which is the same in light and in dark.
 * Checking only these in the second theme halves its axe run (1.3-1.9 s instead of 2.5-4.8 s a screen, measured).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Fails the test with axe's list of WCAG 2 AA violations on the page as it is now, when there is any: every rule of
 * the levels, or only the `rules` given (COLOUR_RULES).
 */
export async function expectNoAxeViolations(page: Page, rules?: readonly string[]): Promise<void> {
  expect(await accessibilityViolations(page, rules)).toEqual([]);
}
