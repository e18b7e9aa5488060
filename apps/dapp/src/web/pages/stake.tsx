// Stake the staking token in one of the three lock tiers; unstake a position at its lock end.
import {
  findRewardsConfigAddress,
  getStakeInstructionFor,
  getStakePositions,
  getUnstakeInstructionFor,
  readAccounts,
  rewardsConfigAccount,
  type TokenMintInfo,
  tokenMintAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { useState } from 'react';
import { utcMinute } from '../../shared/banners.ts';
import { formatTokenAmount, maxInputOf, type TokenDisplay } from '../../shared/money.ts';
import { ataOf, readBalances } from '../data/balances.ts';
import { type DappContext, useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { AmountField } from '../ui/fields.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, Loading, TxGate, useTx } from './common.tsx';
import { parseField } from './deposit.tsx';

const WEIGHTS: Record<number, number> = { 30: 1, 90: 2, 180: 4 };

async function loadStaking(ctx: DappContext, owner: string) {
  const configAddress = await findRewardsConfigAddress(ctx.programs);
  const [config, mint] = await readAccounts(
    ctx.rpc,
    [
      rewardsConfigAccount(configAddress, ctx.programs),
      tokenMintAccount(ctx.session.config.stakingMint as Address),
    ],
    { commitment: 'confirmed' },
  );
  if (!config?.exists || !mint?.exists)
    throw new Error('the rewards program is not configured on this cluster');
  const info = mint.data as TokenMintInfo;
  const token: TokenDisplay = {
    symbol: 'BSKT',
    decimals: info.decimals,
    scaledUiAmount: info.scaledUiAmount,
  };
  const spec = { mint: ctx.session.config.stakingMint, tokenProgram: info.tokenProgram };
  const [positions, balances] = await Promise.all([
    getStakePositions(ctx.rpc, owner as Address, {
      programs: ctx.programs,
      commitment: 'confirmed',
    }),
    readBalances(ctx.rpc, owner, [spec]),
  ]);
  return {
    config: { address: config.address, data: config.data },
    token,
    spec,
    positions,
    balance: balances.get(spec.mint) ?? 0n,
  };
}

export function StakePage() {
  return (
    <div>
      <h1>Stake BSKT</h1>
      <TxGate>
        <StakeForm />
      </TxGate>
    </div>
  );
}

function StakeForm() {
  const ctx = useDapp();
  const { address, signer } = useWallet();
  const data = useRead(['staking', address], () => loadStaking(ctx, address as string));
  const [amount, setAmount] = useState('');
  const [tier, setTier] = useState<30 | 90 | 180>(90);
  const tx = useTx();
  if (!data.value)
    return data.error ? <Failed error={data.error} /> : <Loading what="your stakes" />;
  const d = data.value;
  const now = d.positions.now;
  const parsed = parseField(amount, d.token, now);
  const tooMuch = parsed.raw !== null && parsed.raw > d.balance;
  const stake = async () => {
    if (parsed.raw === null || !signer || d.positions.nextStakeIndex === null) return;
    const ok = await tx.run({
      label: 'Stake',
      instructions: async () => [
        await getStakeInstructionFor(
          {
            owner: signer,
            config: d.config,
            ownerTokenAccount: await ataOf(address as string, d.spec),
            amount: parsed.raw as never,
            tierDays: tier,
            stakeIndex: d.positions.nextStakeIndex as bigint,
          },
          ctx.programs,
        ),
      ],
    });
    if (ok) {
      setAmount('');
      data.reload();
    }
  };
  const unstake = async (stakeIndex: bigint) => {
    if (!signer) return;
    const ownerTokenAccount = await ataOf(address as string, d.spec);
    const ok = await tx.run({
      label: 'Unstake',
      instructions: async () => [
        await getUnstakeInstructionFor(
          { owner: signer, config: d.config, ownerTokenAccount, stakeIndex },
          ctx.programs,
        ),
      ],
    });
    if (ok) data.reload();
  };
  return (
    <div className="card">
      <form
        onSubmit={(e: { preventDefault: () => void }) => {
          e.preventDefault();
          void stake();
        }}
        aria-label="Stake"
      >
        <AmountField
          name="stake-amount"
          label="Amount to stake"
          unit="BSKT"
          value={amount}
          onChange={setAmount}
          error={parsed.error ?? (tooMuch ? 'More than your balance.' : null)}
          hint={`Balance: ${formatTokenAmount(d.balance, d.token, now)} BSKT`}
          onMax={() => setAmount(maxInputOf(d.balance, d.token, now))}
        />
        <fieldset className="modes">
          <legend>Lock</legend>
          {([30, 90, 180] as const).map((t) => (
            <label key={t}>
              <input
                type="radio"
                name="tier"
                value={String(t)}
                checked={tier === t}
                onChange={() => setTier(t)}
              />
              {` ${t} days (reward weight ×${WEIGHTS[t]})`}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={parsed.raw === null || tooMuch || busy(tx.state)}>
          Stake
        </button>
      </form>
      <TxStatus state={tx.state} />
      <h2>Your stakes</h2>
      {d.positions.positions.length === 0 ? (
        <p className="hint">No stakes yet.</p>
      ) : (
        <ScrollRegion label="Stake positions">
          <table className="positions">
            <caption className="sr-only">Stake positions</caption>
            <thead>
              <tr>
                {['#', 'Amount', 'Lock', 'Unlocks', ''].map((c) => (
                  <th key={c || 'action'} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.positions.positions.map((p) => (
                <tr key={String(p.stakeIndex)}>
                  <td>{String(p.stakeIndex)}</td>
                  <td>{`${formatTokenAmount(p.record.amount, d.token, now)} BSKT`}</td>
                  <td>{`${p.record.tierDays} days`}</td>
                  <td>{utcMinute(p.record.unlockTs)}</td>
                  <td>
                    {p.withdrawn ? (
                      'withdrawn'
                    ) : (
                      <button
                        type="button"
                        className="secondary"
                        disabled={!p.unlocked || busy(tx.state)}
                        onClick={() => void unstake(p.stakeIndex)}
                      >
                        {/* Before the lock ends the button says until when (cluster time). */}
                        {p.unlocked ? 'Unstake' : `Locked until ${utcMinute(p.record.unlockTs)}`}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
