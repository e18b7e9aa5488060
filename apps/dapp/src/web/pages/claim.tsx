// Claim epoch rewards with the proof from the published distribution artifact (a hooked reward
// mint's claim carries its hook's accounts: data/claim-transactions.ts).

import { findClaimStatusAddress, findEpochPda } from '@basket/rewards-client';
import {
  claimStatusAccount,
  epochAccount,
  readAccounts,
  type TokenMintInfo,
  tokenMintAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { formatTokenAmount } from '../../shared/money.ts';
import type { PublishedClaim } from '../../shared/public-config.ts';
import { claimTransactions } from '../data/claim-transactions.ts';
import { type DappContext, useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { failureText } from '../data/transaction.ts';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, Loading, TxGate, useTx } from './common.tsx';

async function loadClaims(ctx: DappContext, owner: string) {
  const res = await fetch(`/api/claims/${owner}`);
  if (!res.ok) throw new Error(`claims: ${res.status}`);
  const { claims } = (await res.json()) as { claims: PublishedClaim[] };
  return Promise.all(
    claims.map(async (c) => {
      const epochId = BigInt(c.epochId);
      const [[epochAddress], statusAddress] = await Promise.all([
        findEpochPda({ epochId }, { programAddress: ctx.programs.rewards }),
        findClaimStatusAddress(
          { epochId, claimant: owner as Address },
          { programAddress: ctx.programs.rewards },
        ),
      ]);
      const [epoch, status, ...mints] = await readAccounts(
        ctx.rpc,
        [
          epochAccount(epochAddress, ctx.programs),
          claimStatusAccount(statusAddress, ctx.programs),
          ...c.rewardMints.map((m) => tokenMintAccount(m as Address)),
        ],
        { commitment: 'confirmed' },
      );
      return {
        claim: c,
        epoch: epoch?.exists ? epoch.data : null,
        claimed: Boolean(status?.exists),
        mints: mints.map((m) => (m?.exists ? (m.data as TokenMintInfo) : null)),
      };
    }),
  );
}

export function ClaimPage() {
  return (
    <div>
      <h1>Claim rewards</h1>
      <TxGate>
        <ClaimList />
      </TxGate>
    </div>
  );
}

function ClaimList() {
  const ctx = useDapp();
  const { address, signer } = useWallet();
  const data = useRead(['reward-claims', address], () => loadClaims(ctx, address as string));
  const tx = useTx();
  if (!data.value)
    return data.error ? <Failed error={data.error} /> : <Loading what="your rewards" />;
  const claim = async (item: NonNullable<typeof data.value>[number]) => {
    if (!signer || !item.epoch) return;
    const label = `Claim of epoch ${item.claim.epochId}`;
    let transactions: Awaited<ReturnType<typeof claimTransactions>>;
    try {
      transactions = await claimTransactions(ctx, signer, { ...item, epoch: item.epoch });
    } catch (error) {
      tx.setState({ step: 'failed', label, ...failureText(error) });
      return;
    }
    // A hooked reward mint's claim goes after its token accounts, in a transaction of its own.
    for (const [i, instructions] of transactions.entries()) {
      const last = i === transactions.length - 1;
      const ok = await tx.run({
        label: last ? label : `Reward token accounts for epoch ${item.claim.epochId}`,
        instructions: async () => instructions,
      });
      if (!ok) return;
    }
    data.reload();
  };
  if (data.value.length === 0)
    return <p className="hint">No published rewards for this wallet yet.</p>;
  return (
    <div className="card">
      <ul className="claims">
        {data.value.map((item) => (
          <li key={item.claim.epochId}>
            <strong>{`Epoch ${item.claim.epochId}: `}</strong>
            {item.claim.rewardMints
              .map((m, i) => {
                const info = item.mints[i];
                const raw = BigInt(item.claim.amounts[i] ?? '0');
                const shown = info
                  ? formatTokenAmount(
                      raw,
                      { symbol: '', decimals: info.decimals, scaledUiAmount: info.scaledUiAmount },
                      BigInt(Math.floor(Date.now() / 1000)),
                    )
                  : String(raw);
                return `${shown} ${ctx.symbolOf(m)}`;
              })
              .join(', ')}{' '}
            {item.claimed ? (
              <span className="badge badge-ok">claimed</span>
            ) : !item.epoch ? (
              <span className="badge badge-warn">epoch not on chain</span>
            ) : (
              <button type="button" disabled={busy(tx.state)} onClick={() => void claim(item)}>
                Claim
              </button>
            )}
          </li>
        ))}
      </ul>
      <TxStatus state={tx.state} />
    </div>
  );
}
