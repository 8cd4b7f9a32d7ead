import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.x A and AA rules (2.2 included) on the page as it is now. Evaluated through
 * DevTools rather than a script tag, so the page's CSP (script-src 'self') needs no exception.
 */
export const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map((node) => ({ target: node.target })) }));
  });
};

/** A readable list of violations for an assertion message. */
export const describeViolations = (violations: AxeViolation[]): string =>
  violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
