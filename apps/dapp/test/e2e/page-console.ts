// The page's errors in the test log, less the one kind this world makes on purpose: the main
// dapp server forwards /indexer/ and /asset-api/ to services the browser world does not run
// (the flows must work, and say so, without them), so every page that reads them logs a
// "502" resource error. Those are counted and reported in one line at the end; anything else
// the page logs as an error is printed as it happens, so a real error stands out.
import type { Page } from 'playwright-core';

/** The dapp's read-only forwards to services the browser world leaves absent. */
const ABSENT_UPSTREAMS = ['/indexer/', '/asset-api/'];

export type PageConsoleWatch = Readonly<{
  /** Starts printing `page`'s errors (and counting the absent upstreams' 502s). */
  watch: (page: Page) => void;
  /** One line: how many 502s from the absent upstreams, per forward. */
  summary: () => string;
}>;

/** Watches pages whose dapp server is at `dappUrl` (its forwards have no upstream). */
export function pageConsoleWatch(dappUrl: () => string): PageConsoleWatch {
  const absent = new Map<string, number>();
  const expectedAbsence = (text: string, url: string): string | null => {
    if (!text.includes('status of 502')) return null;
    const base = dappUrl();
    if (!url.startsWith(base)) return null;
    const path = url.slice(base.length);
    return ABSENT_UPSTREAMS.find((prefix) => path.startsWith(prefix)) ?? null;
  };
  return {
    watch: (page) => {
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const upstream = expectedAbsence(m.text(), m.location().url);
        if (upstream === null) {
          console.error(`page console: ${m.text()} (${m.location().url})`);
          return;
        }
        absent.set(upstream, (absent.get(upstream) ?? 0) + 1);
      });
    },
    summary: () => {
      if (absent.size === 0) return 'page console: no 502 from the absent indexer or asset API';
      const parts = [...absent].map(([upstream, n]) => `${upstream} ${n}`);
      return `page console: 502 answers of the forwards this world runs no service behind (expected): ${parts.join(', ')}`;
    },
  };
}
