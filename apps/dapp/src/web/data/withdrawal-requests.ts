// The wallet's stablecoin withdrawal requests, read from the chain: open ones are the vault
// program's WithdrawalRequest accounts of this owner (one filtered getProgramAccounts); a
// request the page made and that is gone was fulfilled or cancelled, and the transaction that
// closed it says which (its WithdrawalFulfilled / WithdrawalCancelled event). The page keeps
// only the addresses of the requests it made (localStorage), never their state: an indexer
// endpoint per wallet may replace the history part later; the chain stays the authority.
import { decodeProgramEvents, findWithdrawalRequests, REQUEST_DEADLINE_SECS } from '@basket/sdk';
import type { Address, Signature } from '@solana/kit';
import type { PublicSku } from '../../shared/public-config.ts';
import type { DappContext } from './context.ts';

export type RequestRef = Readonly<{
  skuId: string;
  vault: string;
  request: string;
  nonce: string;
  shares: string;
}>;

type Base = Readonly<{ skuId: string; request: Address; nonce: bigint; shares: bigint }>;

export type PendingRequest = Base & {
  state: 'pending';
  minOut: bigint;
  requestedAt: bigint;
  /** From this second anyone may cancel it in the owner's favour. */
  anyoneCancelsAt: bigint;
};

export type WithdrawalRequestView =
  | PendingRequest
  | (Base & { state: 'fulfilled'; netUsd: bigint; feeUsd: bigint; signature: Signature })
  | (Base & { state: 'cancelled'; canceller: Address; signature: Signature })
  /** Gone from the chain, and the closing transaction is not in the RPC's history. */
  | (Base & { state: 'closed' });

const storageKey = (owner: string) => `basket-withdrawal-requests:${owner}`;

/** The requests this browser made for `owner` (addresses only). */
export function rememberedRequests(owner: string): RequestRef[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(owner));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as RequestRef[]) : [];
  } catch {
    return [];
  }
}

export function rememberRequest(owner: string, ref: RequestRef): void {
  const list = rememberedRequests(owner).filter((r) => r.request !== ref.request);
  globalThis.localStorage?.setItem(storageKey(owner), JSON.stringify([ref, ...list].slice(0, 50)));
}

/** Open requests of `owner` on this deployment's vault program, oldest first. */
export async function openRequests(ctx: DappContext, owner: string): Promise<PendingRequest[]> {
  const found = await findWithdrawalRequests(ctx.rpc, { owner: owner as Address }, ctx.programs);
  const skus = new Map(ctx.session.config.skus.map((s) => [s.vault, s]));
  return found.flatMap(({ address, data: d }): PendingRequest[] => {
    const sku = skus.get(d.vault);
    if (!sku) return []; // a vault of another deployment of the same program
    return [
      {
        state: 'pending',
        skuId: sku.skuId,
        request: address,
        nonce: d.nonce,
        shares: d.shares,
        minOut: d.minOut,
        requestedAt: d.requestedAt,
        anyoneCancelsAt: d.requestedAt + REQUEST_DEADLINE_SECS,
      },
    ];
  });
}

/** Fulfilled and cancelled are final: read once per page load. */
const finalOutcomes = new Map<string, WithdrawalRequestView>();

/** How a closed request ended, from the newest transactions that touched its address. */
async function outcomeOf(
  ctx: DappContext,
  owner: string,
  ref: RequestRef,
): Promise<WithdrawalRequestView> {
  const base: Base = {
    skuId: ref.skuId,
    request: ref.request as Address,
    nonce: BigInt(ref.nonce),
    shares: BigInt(ref.shares),
  };
  const signatures = await ctx.rpc
    .getSignaturesForAddress(ref.request as Address, { limit: 5, commitment: 'confirmed' })
    .send();
  for (const s of signatures) {
    if (s.err) continue;
    const tx = await ctx.rpc
      .getTransaction(s.signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    for (const e of decodeProgramEvents(tx?.meta?.logMessages ?? [], ctx.programs)) {
      if (e.status !== 'decoded' || e.program !== 'vault') continue;
      // The newest event of this request first: still open when the request is the newest
      // (the program-account index may lag the confirmation that just landed).
      if (e.name === 'withdrawalRequested') {
        const ev = e.event;
        if (ev.owner === owner && ev.nonce === base.nonce)
          return {
            ...base,
            state: 'pending',
            minOut: ev.minOut,
            requestedAt: ev.unixTime,
            anyoneCancelsAt: ev.unixTime + REQUEST_DEADLINE_SECS,
          };
      }
      if (e.name === 'withdrawalFulfilled') {
        const ev = e.event;
        if (ev.owner === owner && ev.nonce === base.nonce)
          return {
            ...base,
            state: 'fulfilled',
            netUsd: ev.netUsd,
            feeUsd: ev.feeUsd,
            signature: s.signature,
          };
      }
      if (e.name === 'withdrawalCancelled') {
        const ev = e.event;
        if (ev.owner === owner && ev.nonce === base.nonce)
          return {
            ...base,
            state: 'cancelled',
            shares: ev.shares,
            canceller: ev.canceller,
            signature: s.signature,
          };
      }
    }
  }
  return { ...base, state: 'closed' };
}

/**
 * Every request of `owner` this page knows of, for the given SKUs: the open ones from the
 * chain, then the remembered ones that closed, with how they ended. Newest first.
 */
export async function loadWithdrawalRequests(
  ctx: DappContext,
  owner: string,
  skus: readonly PublicSku[],
): Promise<WithdrawalRequestView[]> {
  const wanted = new Set(skus.map((s) => s.skuId));
  const open = (await openRequests(ctx, owner)).filter((r) => wanted.has(r.skuId));
  const openSet = new Set(open.map((r) => r.request as string));
  const closed = await Promise.all(
    rememberedRequests(owner)
      .filter((r) => wanted.has(r.skuId) && !openSet.has(r.request))
      .map(async (r) => {
        const known = finalOutcomes.get(r.request);
        if (known) return known;
        const view = await outcomeOf(ctx, owner, r);
        if (view.state === 'fulfilled' || view.state === 'cancelled')
          finalOutcomes.set(r.request, view);
        return view;
      }),
  );
  return [...open.reverse(), ...closed];
}
