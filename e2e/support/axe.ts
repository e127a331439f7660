import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical findings on the page as it is now (inside `include` when given),
 * as "rule: target" lines. It first waits for the start-up splash (`#boot`) to be gone: while it
 * fades out over the app, its text sits at part opacity and axe reports its contrast (a scan that
 * raced the fade failed once in CI).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page.locator('#boot').waitFor({ state: 'detached', timeout: 10_000 });
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
