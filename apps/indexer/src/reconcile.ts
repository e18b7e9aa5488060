// Reconciliation: per vault, the rows against the chain's accounts at the same point of the
// vault's history. The chain is read (vault states, then per vault its open withdrawal
// requests and redemption claims and, in one getMultipleAccounts, its state with its share
// mint, then the states again); a vault whose event sequence moved between the reads is
// compared next round, so both sides describe the same state. The rows are taken at the
// sequence the chain had. Compared: events present, open requests, escrowed shares, open
// claims, the effective share supply, the cash book and each asset's book (decisions 0182,
// 0910). A missing event is repaired by a backfill of the vault program from the RPC down to
// the last indexed event before the gap.
import {
  findRedemptionClaims,
  findWithdrawalRequests,
  type ProgramAddresses,
  readAccounts,
  tokenMintAccount,
  vaultStateAccount,
} from '@basket/sdk';
import {
  getVaultStateDecoder,
  VAULT_STATE_DISCRIMINATOR,
  type VaultState,
} from '@basket/vault-client';
import {
  type Address,
  type Base58EncodedBytes,
  getBase58Decoder,
  getBase64Encoder,
} from '@solana/kit';
import type pg from 'pg';
import { vaultEvents } from './api-routes.ts';
import { skuText } from './event-rows.ts';
import { rowsAt } from './reconcile-rows.ts';
import { type IndexerRpc, RPC_PRIORITY } from './rpc-client.ts';

/** One compared quantity of one vault. */
export type Difference = Readonly<{
  sku: string;
  field: ReconciledField;
  chain: bigint;
  rows: bigint;
}>;
/** The fields every vault has; each configured asset adds `book_<slot>`. */
export const RECONCILED_FIELDS = [
  'events',
  'open_requests',
  'escrowed_shares',
  'open_claims',
  'supply',
  'cash',
] as const;
export type ReconciledField = (typeof RECONCILED_FIELDS)[number] | `book_${number}`;

export type SkuReconciliation = Readonly<{
  sku: string;
  /** The vault's event sequence both sides were taken at. */
  eventSequence: bigint;
  /** The slot of the chain's first read. */
  slot: bigint;
  /** Every compared quantity, in table order (the fixed fields, then each asset's book). */
  fields: Partial<Record<ReconciledField, { chain: bigint; rows: bigint }>>;
  /** Missing event sequences (a gap to backfill). */
  missing: bigint[];
}>;

type ChainVault = Readonly<{ address: Address; sku: string; state: VaultState }>;

async function vaultStates(rpc: IndexerRpc, programs: ProgramAddresses) {
  const b58 = getBase58Decoder().decode(Uint8Array.of(VAULT_STATE_DISCRIMINATOR));
  const decoder = getVaultStateDecoder();
  const answer = await rpc.limiter.schedule({ priority: RPC_PRIORITY.indexing }, () =>
    rpc.rpc
      .getProgramAccounts(programs.vault, {
        encoding: 'base64',
        commitment: 'confirmed',
        withContext: true,
        filters: [
          { dataSize: BigInt(decoder.fixedSize) },
          { memcmp: { offset: 0n, bytes: b58 as Base58EncodedBytes, encoding: 'base58' } },
        ],
      })
      .send(),
  );
  const vaults: ChainVault[] = answer.value.map((a) => {
    const state = decoder.decode(getBase64Encoder().encode(a.account.data[0]));
    return { address: a.pubkey, sku: skuText(Uint8Array.from(state.skuId)), state };
  });
  return { slot: answer.context.slot, vaults };
}

/**
 * Compares every vault on chain with the rows. A vault that moved during the reads is left
 * for the next round (`moving`). Vaults found on chain are recorded as known SKUs.
 *
 * @example
 * const { compared, moving } = await reconcile(pool, rpc, programs);
 */
export async function reconcile(
  pool: pg.Pool,
  rpc: IndexerRpc,
  programs: ProgramAddresses,
): Promise<{ compared: SkuReconciliation[]; moving: string[] }> {
  const before = await vaultStates(rpc, programs);
  const onChain = before.vaults.map((v) => ({
    vault: v,
    requests: rpc.limiter.schedule({ priority: RPC_PRIORITY.indexing }, () =>
      findWithdrawalRequests(rpc.rpc, { vault: v.address }, programs),
    ),
    claims: rpc.limiter.schedule({ priority: RPC_PRIORITY.indexing }, () =>
      findRedemptionClaims(rpc.rpc, { vault: v.address }, programs),
    ),
    // The state and its share mint in one call, so both are at one slot: the effective supply
    // is the mint's supply plus the fee shares owed and the escrow, all at one sequence.
    stateAndMint: rpc.limiter.schedule({ priority: RPC_PRIORITY.indexing }, () =>
      readAccounts(
        rpc.rpc,
        [vaultStateAccount(v.address, programs), tokenMintAccount(v.state.shareMint)],
        { commitment: 'confirmed' },
      ),
    ),
  }));
  const after = await vaultStates(rpc, programs);
  const sequenceAfter = new Map(after.vaults.map((v) => [v.address, v.state.eventSequence]));
  const compared: SkuReconciliation[] = [];
  const moving: string[] = [];
  for (const { vault, requests, claims, stateAndMint } of onChain) {
    const [r, c, [state, mint]] = await Promise.all([requests, claims, stateAndMint]);
    await pool.query(
      `insert into skus (sku, first_slot, source) values ($1, null, 'chain') on conflict (sku) do nothing`,
      [vault.sku],
    );
    const read = state.exists ? state.data.eventSequence : null;
    const at = vault.state.eventSequence;
    if (sequenceAfter.get(vault.address) !== at || read !== at || !state.exists || !mint.exists) {
      moving.push(vault.sku);
      continue;
    }
    const rows = rowsAt(await vaultEvents(pool, vault.sku), at);
    const chain = state.data;
    // A book the rows cannot know (moved by an event of a release before the books, decision
    // 0980, and not set since) is not compared: its absence is no difference.
    const books: SkuReconciliation['fields'] = {};
    if (rows.supply !== null) {
      books.supply = {
        chain: mint.data.supply + chain.feeSharesOwed + chain.escrowedShares,
        rows: rows.supply,
      };
    }
    if (rows.cash !== null) books.cash = { chain: chain.cashRaw, rows: rows.cash };
    chain.assets.slice(0, chain.assetCount).forEach((asset, i) => {
      const book = rows.books[i];
      if (book !== null) books[`book_${i}`] = { chain: asset.holdingsRaw, rows: book ?? 0n };
    });
    compared.push({
      sku: vault.sku,
      eventSequence: at,
      slot: before.slot,
      missing: rows.missing,
      fields: {
        events: { chain: at, rows: at - BigInt(rows.missing.length) },
        open_requests: { chain: BigInt(r.length), rows: rows.openRequests },
        escrowed_shares: { chain: vault.state.escrowedShares, rows: rows.escrowedShares },
        open_claims: { chain: BigInt(c.length), rows: rows.openClaims },
        ...books,
      },
    });
  }
  return { compared, moving };
}

/**
 * Every compared quantity of a vault, in table order.
 *
 * @example
 * for (const { field, chain, rows } of comparedFields(s)) console.log(field, chain - rows);
 */
export function comparedFields(
  s: SkuReconciliation,
): { field: ReconciledField; chain: bigint; rows: bigint }[] {
  return Object.entries(s.fields).flatMap(([field, v]) =>
    v ? [{ field: field as ReconciledField, ...v }] : [],
  );
}

/** Every non-zero difference of a round. */
export function differences(compared: readonly SkuReconciliation[]): Difference[] {
  return compared.flatMap((s) =>
    comparedFields(s)
      .filter((f) => f.chain !== f.rows)
      .map((f) => ({ sku: s.sku, ...f })),
  );
}

/**
 * The slot to backfill the vault program down to for `s`'s gaps: that of the newest indexed
 * event before its first missing sequence, less one (the backfill's bound is exclusive), or
 * 0 when the first events are missing.
 *
 * @example
 * const until = await repairBound(pool, reconciliation); // { slot: 12344n }
 */
export async function repairBound(pool: pg.Pool, s: SkuReconciliation): Promise<{ slot: bigint }> {
  const first = s.missing[0];
  if (first === undefined || first <= 1n) return { slot: 0n };
  const { rows } = await pool.query<{ slot: string | null }>(
    `select max(slot)::text as slot from events
     where program = 'vault' and status = 'decoded' and sku = $1
       and (payload ->> 'eventSequence')::numeric < $2`,
    [s.sku, first.toString()],
  );
  const slot = rows[0]?.slot ? BigInt(rows[0].slot) : 0n;
  return { slot: slot > 0n ? slot - 1n : 0n };
}
