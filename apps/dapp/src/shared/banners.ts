// The vault's risk banners (spec: "States and transitions", the UI banner): a freeze banner with
// the reason and activation time whenever an asset's new multiplier activates within an hour,
// and clear states for a paused vault, a halted or inactive asset and a stale NAV.
import type { FreezeReason } from '@basket/sdk';

/** Seconds before a multiplier change during which the banner shows (and the vault freezes). */
export const FREEZE_WINDOW_SECS = 3_600n;

export type Banner = Readonly<{
  kind: 'freeze' | 'paused' | 'halted' | 'inactive' | 'stale-nav';
  /** `danger`: transactions of this vault are refused; `warning`: some may be. */
  severity: 'danger' | 'warning';
  symbol: string | null;
  message: string;
}>;

/** What the banners read: a narrow slice of the SDK's NavQuote, plus names and pending changes. */
export type BannerInput = Readonly<{
  now: bigint;
  paused: boolean;
  staleness: {
    readonly fresh: boolean;
    readonly ageSecs: bigint;
    readonly maxStaleSecs: bigint;
  } | null;
  assets: readonly { readonly mint: string; readonly freezeReasons: readonly FreezeReason[] }[];
  /** A pending multiplier change per mint: from the tokenized-asset API, else from the mint itself. */
  pendingChanges: ReadonlyMap<
    string,
    { readonly activationUnix: bigint; readonly reason: string | null }
  >;
  symbols: ReadonlyMap<string, string>;
}>;

/** "2026-11-25 14:00 UTC" from unix seconds. */
export function utcMinute(unix: bigint): string {
  return `${new Date(Number(unix) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function inWords(secs: bigint): string {
  if (secs < 60n) return `${secs} s`;
  return `${secs / 60n} min`;
}

/**
 * Every banner for one vault, most severe first.
 *
 * @example
 * vaultBanners({ now, paused: true, staleness: null, assets: [], pendingChanges: new Map(), symbols: new Map() });
 * // [{ kind: 'paused', severity: 'danger', ... }]
 */
export function vaultBanners(input: BannerInput): Banner[] {
  const banners: Banner[] = [];
  if (input.paused) {
    banners.push({
      kind: 'paused',
      severity: 'danger',
      symbol: null,
      message:
        'This vault is paused by its administrators: deposits and withdrawals are refused until it resumes.',
    });
  }
  if (input.staleness && !input.staleness.fresh) {
    banners.push({
      kind: 'stale-nav',
      severity: 'danger',
      symbol: null,
      message: `The NAV is stale (last published ${inWords(input.staleness.ageSecs)} ago, limit ${inWords(input.staleness.maxStaleSecs)}): deposits and withdrawals wait for the next price update.`,
    });
  }
  for (const [mint, change] of input.pendingChanges) {
    const left = change.activationUnix - input.now;
    if (left < 0n || left > FREEZE_WINDOW_SECS) continue;
    const symbol = input.symbols.get(mint) ?? mint;
    banners.push({
      kind: 'freeze',
      severity: 'warning',
      symbol,
      message: `${symbol} is frozen for a corporate action (${change.reason ?? 'reason not published'}): its new multiplier activates at ${utcMinute(change.activationUnix)}, in ${inWords(left)}. Deposits and withdrawals touching ${symbol} wait until then.`,
    });
  }
  for (const asset of input.assets) {
    const symbol = input.symbols.get(asset.mint) ?? asset.mint;
    if (asset.freezeReasons.includes('TradingHalted')) {
      banners.push({
        kind: 'halted',
        severity: 'warning',
        symbol,
        message: `Trading in ${symbol} is halted: deposits and withdrawals that price it are refused until trading resumes.`,
      });
    } else if (asset.freezeReasons.includes('AssetNotActive')) {
      banners.push({
        kind: 'inactive',
        severity: 'warning',
        symbol,
        message: `${symbol} is not active in this vault (being added or removed).`,
      });
    }
  }
  const rank = { danger: 0, warning: 1 } as const;
  return banners.sort((a, b) => rank[a.severity] - rank[b.severity]);
}
