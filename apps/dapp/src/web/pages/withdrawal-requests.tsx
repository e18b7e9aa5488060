// The wallet's stablecoin withdrawal requests and their state (pending until the keeper
// fulfils it, or cancelled), with the owner's Cancel button. Shown on the withdraw page (one
// vault) and in the portfolio (every vault). Polls while a request is pending.
import {
  clockSysvarAccount,
  getCancelWithdrawalInstructionFor,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  type TokenMintInfo,
  tokenMintAccount,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { useEffect, useState } from 'react';
import { utcMinute } from '../../shared/banners.ts';
import { formatTokenAmount, formatUsd, type TokenDisplay } from '../../shared/money.ts';
import { explorerLink, type PublicSku } from '../../shared/public-config.ts';
import { ataOf } from '../data/balances.ts';
import { type DappContext, useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import { loadWithdrawalRequests, type WithdrawalRequestView } from '../data/withdrawal-requests.ts';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, useTx } from './common.tsx';

/** While a request is pending the list is read again this often (the keeper fulfils in seconds to minutes). */
export const PENDING_POLL_MS = 4_000;

async function loadList(ctx: DappContext, owner: string | null, skus: readonly PublicSku[]) {
  const requests = owner ? await loadWithdrawalRequests(ctx, owner, skus) : [];
  const involved = skus.filter((s) => requests.some((r) => r.skuId === s.skuId));
  // One batched read: the clock (display at the cluster's time), each vault (for a cancel)
  // and each share mint (its decimals and any multiplier).
  const [clock, ...rest] = await readAccounts(
    ctx.rpc,
    [
      clockSysvarAccount(),
      ...involved.map((s) => vaultStateAccount(s.vault as Address, ctx.programs)),
      ...involved.map((s) => tokenMintAccount(s.shareMint as Address)),
    ],
    { commitment: 'confirmed' },
  );
  const vaults = new Map<string, VaultStateAccount>();
  const shares = new Map<string, TokenDisplay>();
  involved.forEach((s, i) => {
    const v = rest[i];
    const m = rest[involved.length + i];
    if (v?.exists) vaults.set(s.skuId, { address: v.address, data: v.data } as VaultStateAccount);
    const info = m?.exists ? (m.data as TokenMintInfo) : null;
    shares.set(s.skuId, {
      symbol: s.skuId,
      decimals: info?.decimals ?? 6,
      scaledUiAmount: info?.scaledUiAmount ?? null,
    });
  });
  const now = clock?.exists ? BigInt(clock.data.unixTimestamp) : 0n;
  return { requests, vaults, shares, now };
}

export function WithdrawalRequests(props: {
  skus: readonly PublicSku[];
  /** Changed by the parent after its own transactions, to read the chain again. */
  version?: number;
  /** Called after a cancel confirmed (the parent's balances changed). */
  onCancelled?: () => void;
}) {
  const ctx = useDapp();
  const { address, signer } = useWallet();
  const keys = props.skus.map((s) => s.skuId).join(',');
  // Poll only while something is pending: the state below follows the last read.
  const [poll, setPoll] = useState(false);
  const pending = useRead(
    ['withdrawal-requests', address, keys, props.version ?? 0],
    () => loadList(ctx, address, props.skus),
    poll ? PENDING_POLL_MS : undefined,
  );
  const anyPending = pending.value?.requests.some((r) => r.state === 'pending') ?? false;
  useEffect(() => setPoll(anyPending), [anyPending]);
  const tx = useTx();
  const usdc = useUsdcDisplay();
  if (!address) return null;
  if (pending.error && !pending.value) return <Failed error={pending.error} />;
  const data = pending.value;
  if (!data || data.requests.length === 0) return null;
  const cancel = async (r: WithdrawalRequestView) => {
    const vault = data.vaults.get(r.skuId);
    const sku = props.skus.find((s) => s.skuId === r.skuId);
    if (!vault || !sku || !address || !signer) return;
    const shareDestination = await ataOf(address, {
      mint: sku.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const ok = await tx.run({
      label: 'Cancel the withdrawal request',
      instructions: async () => [
        await getCancelWithdrawalInstructionFor(
          { caller: signer, vault, owner: address as Address, nonce: r.nonce, shareDestination },
          ctx.programs,
        ),
      ],
    });
    if (ok) {
      pending.reload();
      props.onCancelled?.();
    }
  };
  const link = (signature: string) => (
    <a href={explorerLink(ctx.session.config, signature)} target="_blank" rel="noreferrer">
      View on the explorer
    </a>
  );
  const describe = (r: WithdrawalRequestView) => {
    const shares = formatTokenAmount(
      r.shares,
      data.shares.get(r.skuId) ?? { symbol: r.skuId, decimals: 6, scaledUiAmount: null },
      data.now,
    );
    switch (r.state) {
      case 'pending':
        return [
          'Pending',
          `${shares} ${r.skuId} in escrow since ${utcMinute(r.requestedAt)}; paid at the first NAV published after the request, never less than ${formatTokenAmount(r.minOut, usdc, data.now)} USDC. If it is still open at ${utcMinute(r.anyoneCancelsAt)}, anyone may cancel it and your shares come back to you.`,
        ] as const;
      case 'fulfilled':
        return [
          'Fulfilled',
          `${shares} ${r.skuId} paid out: ${formatTokenAmount(r.netUsd, usdc, data.now)} USDC received (fee ${formatUsd(r.feeUsd, 'up')}).`,
        ] as const;
      case 'cancelled':
        return [
          'Cancelled',
          `${shares} ${r.skuId} returned to ${r.canceller === address ? 'you' : 'you (cancelled by someone else after the deadline)'}.`,
        ] as const;
      default:
        return [
          'Closed',
          `${shares} ${r.skuId}; the RPC no longer has the transaction that closed it.`,
        ] as const;
    }
  };
  return (
    <section className="requests" aria-labelledby="requests-title">
      <h2 id="requests-title">Withdrawal requests</h2>
      <ul className="request-list">
        {data.requests.map((r) => {
          const [state, text] = describe(r);
          return (
            <li key={r.request} data-request-state={r.state} data-request={r.request}>
              <strong>{`${r.skuId}: ${state}. `}</strong>
              {text} {r.state === 'fulfilled' || r.state === 'cancelled' ? link(r.signature) : null}
              {r.state === 'pending' ? (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy(tx.state)}
                  onClick={() => void cancel(r)}
                >
                  Cancel request
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <TxStatus state={tx.state} />
    </section>
  );
}
