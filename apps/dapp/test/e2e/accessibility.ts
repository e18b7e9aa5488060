// An automated accessibility audit of what the page shows now: axe-core (the maintained rule
// engine) is evaluated in the page through the DevTools protocol (the page's CSP allows no
// injected script tag, and needs not: evaluation from the driver is not page script), then
// run over the document; serious and critical violations fail the test with each rule, its
// help text and the offending elements.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

type Violation = Readonly<{
  id: string;
  impact: string | null;
  help: string;
  nodes: readonly { target: readonly unknown[] }[];
}>;

/** Serious and critical axe violations on the page as it stands, in words. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target as unknown[] })),
    }));
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
