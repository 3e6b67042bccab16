import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2 A and AA violations on the page, each with the elements at fault, so a failure says what to fix. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    // antd's table keeps a zero-height, aria-hidden row to measure column widths; nobody can reach it.
    .exclude('.ant-table-measure-row')
    .analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join(' | ')}`,
  );
}
