import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { settled } from './app';

/**
 * axe-core's rules that are off by default ("experimental"), which the daily-loop suite turns on:
 * a visible label that differs from the accessible name, a bold paragraph standing in for a
 * heading (issue 22).
 */
export const OPTIONAL_AXE_RULES = ['label-content-name-mismatch', 'p-as-heading'] as const;

export interface SeriousViolationsOptions {
  /** Also run axe's optional rules (`OPTIONAL_AXE_RULES`). */
  optionalRules?: boolean;
}

/**
 * axe-core's serious and critical findings on the page as it is now (inside `include` when given),
 * as "rule: target" lines. It first waits for the start-up splash (`#boot`) to be gone and for every
 * finite animation on the page to end: mid-fade, text sits at part opacity and axe reports its
 * contrast (a scan that raced the splash's fade failed once in CI; one that raced the push
 * explainer's 240 ms entrance failed 2 of 3 runs).
 */
export async function seriousViolations(
  page: Page,
  include?: string,
  options: SeriousViolationsOptions = {},
): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (options.optionalRules)
    builder = builder.options({ rules: Object.fromEntries(OPTIONAL_AXE_RULES.map((id) => [id, { enabled: true }])) });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
