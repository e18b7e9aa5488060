// The soak's proofs, each from the chain: events indexed exactly once (the chain's
// transactions against the indexer's rows), no keeper action landed twice, books equal
// balances, and every withdrawal request and redemption claim paid, cancelled or open.
import {
  findRedemptionClaims,
  findWithdrawalRequests,
  type ProgramAddresses,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address, Rpc, SolanaRpcApi } from '@solana/kit';
import type pg from 'pg';
import type { ChainTransaction } from './chain-scan.ts';

export type EventsCheck = Readonly<{
  eventsOnChain: number;
  eventsIndexed: number;
  /** Events on chain the indexer does not have (per transaction: chain count - indexed). */
  lost: number;
  /** Indexed events beyond the chain's (per transaction), or of no transaction on chain. */
  doubled: number;
  /** A few transactions that differ, for the report. */
  examples: readonly string[];
}>;

/**
 * Compares, transaction by transaction up to `maxSlot`, the events on chain with the
 * indexer's `events` rows.
 *
 * @example
 * const e = await eventsIndexedOnce(scan.all(), pool, slot - 10n);
 */
export async function eventsIndexedOnce(
  chain: ReadonlyMap<string, ChainTransaction>,
  pool: pg.Pool,
  maxSlot: bigint,
): Promise<EventsCheck> {
  const { rows } = await pool.query<{ signature: string; n: number; slot: string }>(
    'select signature, count(*)::int as n, max(slot)::text as slot from indexer.events group by signature',
  );
  const indexed = new Map(rows.map((r) => [r.signature, r]));
  let eventsOnChain = 0;
  let eventsIndexed = 0;
  let lost = 0;
  let doubled = 0;
  const examples: string[] = [];
  for (const tx of chain.values()) {
    if (tx.slot > maxSlot) continue;
    const onChain = tx.events.length;
    const got = indexed.get(tx.signature)?.n ?? 0;
    eventsOnChain += onChain;
    eventsIndexed += Math.min(got, onChain);
    if (got < onChain) {
      lost += onChain - got;
      if (examples.length < 5)
        examples.push(`${tx.signature}: ${onChain} on chain, ${got} indexed`);
    }
    if (got > onChain) {
      doubled += got - onChain;
      if (examples.length < 5)
        examples.push(`${tx.signature}: ${onChain} on chain, ${got} indexed`);
    }
  }
  for (const [signature, r] of indexed) {
    if (chain.has(signature) || BigInt(r.slot) > maxSlot) continue;
    doubled += r.n;
    eventsIndexed += r.n;
    if (examples.length < 5) examples.push(`${signature}: indexed, not on chain`);
  }
  return { eventsOnChain, eventsIndexed, lost, doubled, examples };
}

export type KeeperActionsCheck = Readonly<{
  /** Keeper-paid transactions that landed since the soak began. */
  landed: number;
  /** Landed transactions beyond one per action: same instructions twice, a NAV sequence, a request or claim paid twice. */
  doubled: number;
  examples: readonly string[];
}>;

const hex = (b: unknown) => Buffer.from(b as Uint8Array).toString('hex');

/** Two versions of one action land within this many slots of each other (10 blockhash lives). */
const VERSION_WINDOW_SLOTS = 1_500n;

/**
 * Each keeper action at most once on chain: (1) a landed keeper transaction that is not the
 * signature its action row ends with (a superseded version) while another landed keeper
 * transaction with the same instructions (versions differ only in blockhash and fee) is near
 * it: the action landed twice; (2) from the events alone, no snapshot sequence pushed twice
 * and no withdrawal request fulfilled or cancelled twice.
 *
 * @example
 * const k = keeperActionsOnce(scan.all(), keeperAddress, startSlot, recordedSignatures);
 */
export function keeperActionsOnce(
  chain: ReadonlyMap<string, ChainTransaction>,
  keeper: string,
  sinceSlot: bigint,
  recorded: ReadonlySet<string>,
): KeeperActionsCheck {
  const byPrint = new Map<string, string[]>();
  const once = new Map<string, string[]>();
  let landed = 0;
  for (const tx of chain.values()) {
    if (!tx.ok || tx.slot < sinceSlot) continue;
    if (tx.feePayer === keeper) {
      landed += 1;
      byPrint.set(tx.fingerprint, [...(byPrint.get(tx.fingerprint) ?? []), tx.signature]);
    }
    for (const e of tx.events) {
      if (e.status !== 'decoded') continue;
      const ev = e.event as Record<string, unknown>;
      let key: string | null = null;
      if (e.program === 'oracle' && e.name === 'snapshotPushed')
        key = `push ${hex(ev.skuId)} ${ev.sequence}`;
      else if (
        e.program === 'vault' &&
        (e.name === 'withdrawalFulfilled' || e.name === 'withdrawalCancelled')
      )
        key = `request ${hex(ev.skuId)} ${ev.owner} ${ev.nonce}`;
      if (key) once.set(key, [...(once.get(key) ?? []), tx.signature]);
    }
  }
  let doubled = 0;
  const examples: string[] = [];
  const note = (what: string, sigs: readonly string[]) => {
    if (examples.length < 5) examples.push(`${what.slice(0, 80)}: ${sigs.join(', ')}`);
  };
  for (const [what, sigs] of byPrint) {
    for (const s of sigs) {
      if (recorded.has(s)) continue;
      const slot = (chain.get(s) as ChainTransaction).slot;
      const twin = sigs.find((o) => {
        if (o === s) return false;
        const d = (chain.get(o) as ChainTransaction).slot - slot;
        return (d < 0n ? -d : d) <= VERSION_WINDOW_SLOTS;
      });
      if (twin) {
        doubled += 1;
        note(what, [s, twin]);
      }
    }
  }
  for (const [what, sigs] of once) {
    if (sigs.length <= 1) continue;
    doubled += sigs.length - 1;
    note(what, sigs);
  }
  return { landed, doubled, examples };
}

export type BooksRow = Readonly<{ sku: string; what: string; book: bigint; balance: bigint }>;

/**
 * Every vault's books against its token balances: the cash holding holds the cash book, the
 * withdrawal fees owed and the open claims' cash; each asset holding its book plus what backs
 * the open claims. Only rows that differ are returned.
 *
 * @example
 * const diffs = await booksAgainstBalances(rpc, programs, vaults);
 */
export async function booksAgainstBalances(
  rpc: Rpc<SolanaRpcApi>,
  programs: ProgramAddresses,
  vaults: readonly { skuId: string; vault: string }[],
): Promise<{ checked: number; differing: BooksRow[] }> {
  const differing: BooksRow[] = [];
  let checked = 0;
  for (const sku of vaults) {
    const [vault] = await readAccounts(rpc, [vaultStateAccount(sku.vault as Address, programs)], {
      commitment: 'confirmed',
    });
    if (!vault?.exists) {
      differing.push({ sku: sku.skuId, what: 'vault missing', book: 0n, balance: 0n });
      continue;
    }
    const v = vault.data;
    const claims = await findRedemptionClaims(rpc, { vault: vault.address }, programs);
    const claimsCash = claims.reduce((n, c) => n + c.data.cashOwed, 0n);
    const assets = v.assets.slice(0, v.assetCount);
    const holdings = [v.cashHolding, ...assets.map((a) => a.holding)];
    const { value } = await rpc
      .getMultipleAccounts(holdings, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    const balanceOf = (i: number) => {
      const acc = value[i];
      if (!acc) return 0n;
      return Buffer.from(acc.data[0], 'base64').readBigUInt64LE(64);
    };
    const rows: BooksRow[] = [
      {
        sku: sku.skuId,
        what: 'cash',
        book: v.cashRaw + v.withdrawFeesOwed + claimsCash,
        balance: balanceOf(0),
      },
      ...assets.map((a, i) => ({
        sku: sku.skuId,
        what: a.mint as string,
        book: a.holdingsRaw + a.claimsOwedRaw - (v.claimsUnbackedRaw[i] ?? 0n),
        balance: balanceOf(i + 1),
      })),
    ];
    for (const r of rows) {
      checked += 1;
      if (r.book !== r.balance) differing.push(r);
    }
  }
  return { checked, differing };
}

export type OpenItem = Readonly<{ kind: 'request' | 'claim'; address: string; ageSecs: bigint }>;

export type RequestsCheck = Readonly<{
  requested: number;
  fulfilled: number;
  cancelled: number;
  claimsBegun: number;
  claimsPaid: number;
  /** Still open on chain now, with their age on the chain's clock. */
  open: readonly OpenItem[];
}>;

/**
 * Every withdrawal request and redemption claim the chain saw: paid, cancelled, or open now
 * (read from the accounts that still exist).
 *
 * @example
 * const r = await requestsAndClaims(rpc, programs, scan.all(), nowSecs, vaults);
 */
export async function requestsAndClaims(
  rpc: Rpc<SolanaRpcApi>,
  programs: ProgramAddresses,
  chain: ReadonlyMap<string, ChainTransaction>,
  nowSecs: bigint,
  vaults: readonly { vault: string }[],
): Promise<RequestsCheck> {
  const count = (name: string) => {
    let n = 0;
    for (const tx of chain.values())
      for (const e of tx.events)
        if (e.status === 'decoded' && e.program === 'vault' && e.name === name) n += 1;
    return n;
  };
  const open: OpenItem[] = [];
  for (const v of vaults) {
    const by = { vault: v.vault as Address };
    for (const r of await findWithdrawalRequests(rpc, by, programs))
      open.push({ kind: 'request', address: r.address, ageSecs: nowSecs - r.data.requestedAt });
    for (const c of await findRedemptionClaims(rpc, by, programs))
      open.push({ kind: 'claim', address: c.address, ageSecs: nowSecs - c.data.createdAt });
  }
  return {
    requested: count('withdrawalRequested'),
    fulfilled: count('withdrawalFulfilled'),
    cancelled: count('withdrawalCancelled'),
    claimsBegun: count('redemptionBegun'),
    claimsPaid: count('redemptionPaid'),
    open,
  };
}
