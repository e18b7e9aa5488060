// The indexer's analytics API (docs/indexer.md), through the dapp's read-only forward. Amounts
// arrive as decimal strings of integers and become bigint here.

export type SkuSummary = Readonly<{
  sku: string;
  tvlUsd: bigint;
  supply: bigint;
  pricePerShare: bigint;
  apr30dBps: bigint | null;
}>;

export type NavPoint = Readonly<{
  unixTime: bigint;
  navUsd: bigint;
  supply: bigint;
  pricePerShare: bigint;
}>;

export type WalletHistory = Readonly<{
  deposits: readonly Record<string, unknown>[];
  withdrawals: readonly Record<string, unknown>[];
  stakes: readonly Record<string, unknown>[];
  claims: readonly Record<string, unknown>[];
}>;

const big = (v: unknown): bigint => BigInt(String(v ?? '0'));

async function getJson(base: string, path: string): Promise<unknown> {
  const res = await fetch(`${base}/api/${path}`, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`the indexer answered ${res.status}`);
  return res.json();
}

export async function fetchSkuSummary(base: string, sku: string): Promise<SkuSummary | null> {
  const row = (await getJson(base, `skus/${encodeURIComponent(sku)}`)) as Record<
    string,
    unknown
  > | null;
  if (!row) return null;
  return {
    sku,
    tvlUsd: big(row.tvlUsd),
    supply: big(row.supply),
    pricePerShare: big(row.pricePerShare),
    apr30dBps: row.apr30dBps === null || row.apr30dBps === undefined ? null : big(row.apr30dBps),
  };
}

export async function fetchNavHistory(base: string, sku: string): Promise<NavPoint[]> {
  const body = (await getJson(base, `skus/${encodeURIComponent(sku)}/nav-history?limit=1000`)) as {
    points?: Record<string, unknown>[];
  } | null;
  return (body?.points ?? []).map((p) => ({
    unixTime: big(p.unixTime),
    navUsd: big(p.navUsd),
    supply: big(p.supply),
    pricePerShare: big(p.pricePerShare),
  }));
}

export async function fetchWalletHistory(base: string, wallet: string): Promise<WalletHistory> {
  const body = (await getJson(base, `wallets/${wallet}`)) as Partial<WalletHistory> | null;
  return {
    deposits: body?.deposits ?? [],
    withdrawals: body?.withdrawals ?? [],
    stakes: body?.stakes ?? [],
    claims: body?.claims ?? [],
  };
}

/**
 * APR at each point, as the indexer defines it: the simple annualised change of the price per
 * share against the last point at least `days` earlier, in basis points, toward zero.
 */
export function aprSeries(
  points: readonly NavPoint[],
  days = 30n,
): { unixTime: bigint; aprBps: bigint }[] {
  const out: { unixTime: bigint; aprBps: bigint }[] = [];
  const window = days * 86_400n;
  let j = 0;
  for (const p of points) {
    while (j + 1 < points.length && (points[j + 1]?.unixTime ?? 0n) <= p.unixTime - window) j += 1;
    const base = points[j];
    if (!base || base.unixTime > p.unixTime - window || base.pricePerShare === 0n) continue;
    const elapsed = p.unixTime - base.unixTime;
    const num = (p.pricePerShare - base.pricePerShare) * 10_000n * 365n * 86_400n;
    out.push({ unixTime: p.unixTime, aprBps: num / (base.pricePerShare * elapsed) });
  }
  return out;
}
