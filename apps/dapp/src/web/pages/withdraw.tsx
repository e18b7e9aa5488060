// Withdraw shares in kind (every asset pro rata; batched redemption for large baskets, with
// progress across its transactions) or in stablecoin (fee and minimum received shown). Slices
// that would not be paid now (frozen, paused) are shown before signing, with the redemption
// request as the alternative and the forfeit only on the user's explicit acceptance.
import {
  getBeginRedemptionInstructionFor,
  getPayRedemptionInstructionsFor,
  getWithdrawInKindInstructionsFor,
  quoteInKindWithdrawal,
  readAccounts,
  readInKindTransfers,
  redemptionClaimAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { useState } from 'react';
import { formatTokenAmount, maxInputOf } from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import { ataOf, readBalances } from '../data/balances.ts';
import { useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import type { VaultView } from '../data/vault-data.ts';
import { Banners } from '../ui/banners.tsx';
import { AmountField, Facts } from '../ui/fields.tsx';
import { RefusalAlert } from '../ui/refusal-alert.tsx';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, Loading, TxGate, useTx, useVault } from './common.tsx';
import { parseField, parseSlippage } from './deposit.tsx';
import {
  blockedKey,
  decideInKind,
  type InKindDecision,
  redemptionBatches,
  UNPAID_REASON_TEXT,
} from './in-kind-decision.ts';
import { OpenRedemptionClaims } from './redemption-claims.tsx';
import { StableWithdraw } from './withdraw-stable.tsx';
import { WithdrawalRequests } from './withdrawal-requests.tsx';

/** Baskets above this many assets redeem in several transactions (accounts exceed one packet). */
export const SINGLE_TX_MAX_ASSETS = 6;
/** Asset slots paid per `pay_redemption` transaction. */
export const SLOTS_PER_PAYMENT = 5;

export function WithdrawPage(props: { sku: PublicSku }) {
  return (
    <div>
      <h1>{`Withdraw from ${props.sku.skuId}`}</h1>
      <TxGate>
        <WithdrawForm {...props} />
      </TxGate>
    </div>
  );
}

function WithdrawForm(props: { sku: PublicSku }) {
  const ctx = useDapp();
  const { address } = useWallet();
  const view = useVault(props.sku);
  const shareSpec = { mint: props.sku.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS };
  const balances = useRead(['balances', address, shareSpec.mint], () =>
    readBalances(ctx.rpc, address as string, [shareSpec]),
  );
  const [mode, setMode] = useState<'in-kind' | 'stable'>('in-kind');
  const [amount, setAmount] = useState('');
  const [slippage, setSlippage] = useState('0.5');
  // Bumped after each transaction so the request list reads the chain again.
  const [version, setVersion] = useState(0);
  if (!view.value) return view.error ? <Failed error={view.error} /> : <Loading what="the vault" />;
  const v = view.value;
  const balance = balances.value?.get(props.sku.shareMint) ?? 0n;
  const parsed = parseField(amount, v.share, v.nav.now);
  const tooMuch = parsed.raw !== null && parsed.raw > balance;
  const done = () => {
    setAmount('');
    balances.reload();
    view.reload();
    setVersion((n) => n + 1);
  };
  return (
    <div className="card">
      <Banners banners={v.banners} />
      <fieldset className="modes">
        <legend>Receive</legend>
        {(['in-kind', 'stable'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            {m === 'in-kind' ? ' Each stock, pro rata (in kind)' : ' USDC from the cash buffer'}
          </label>
        ))}
      </fieldset>
      <AmountField
        name="shares"
        label="Shares to redeem"
        unit={props.sku.skuId}
        value={amount}
        onChange={setAmount}
        error={parsed.error ?? (tooMuch ? 'More than your shares.' : null)}
        hint={`Your shares: ${formatTokenAmount(balance, v.share, v.nav.now)}`}
        // No Max while the balance or the vault is read afresh: the cache of an earlier visit
        // (before the last deposit) would fill an old balance.
        onMax={
          balances.loading || view.loading
            ? undefined
            : () => setAmount(maxInputOf(balance, v.share, v.nav.now))
        }
      />
      {mode === 'stable' ? (
        <AmountField
          name="slippage"
          label="Slippage tolerance"
          unit="%"
          value={slippage}
          onChange={setSlippage}
          error={parseSlippage(slippage).error}
        />
      ) : null}
      {mode === 'stable' ? (
        <StableWithdraw
          view={v}
          shares={tooMuch ? null : parsed.raw}
          slippage={slippage}
          onDone={done}
        />
      ) : (
        <InKindWithdraw view={v} shares={tooMuch ? null : parsed.raw} onDone={done} />
      )}
      <WithdrawalRequests skus={[props.sku]} version={version} onCancelled={balances.reload} />
      <OpenRedemptionClaims view={v} version={version} />
    </div>
  );
}

function InKindWithdraw(props: { view: VaultView; shares: bigint | null; onDone: () => void }) {
  const ctx = useDapp();
  const { signer, address } = useWallet();
  const tx = useTx();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The blocked slices the user accepted to forfeit: a new amount or reason asks again.
  const [forfeited, setForfeited] = useState<string | null>(null);
  const [owedLater, setOwedLater] = useState<{ claim: Address; slots: number[] } | null>(null);
  const v = props.view;
  // What each transfer would meet now (frozen holding, paused stock, frozen account of yours).
  const transfers = useRead(['in-kind-transfers', v.sku.skuId, address, String(v.nav.now)], () =>
    address
      ? readInKindTransfers(ctx.rpc, v.vault, address as Address, { commitment: 'confirmed' })
      : Promise.resolve(null),
  );
  const quote = props.shares
    ? quoteInKindWithdrawal(v.nav, props.shares, {
        vaultProgram: ctx.programs.vault,
        transfers: transfers.value ?? undefined,
      })
    : null;
  const batched = v.nav.assets.length > SINGLE_TX_MAX_ASSETS;
  // A failed read does not block: the SDK's builder reads the same accounts and refuses.
  const decision = decideInKind(quote, {
    batched,
    forfeitAccepted: forfeited !== null && forfeited === blockedKey(quote),
    transfersKnown: transfers.value != null || transfers.error !== undefined,
  });
  const usdc = useUsdcDisplay();
  const tables = v.sku.lookupTable ? [v.sku.lookupTable] : [];
  const rpcOptions = { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' as const };
  const withdraw = async () => {
    if (!quote?.ok || !signer || !decision.canSubmit) return;
    const ok = await tx.run({
      label: 'Withdrawal in kind',
      skuId: v.sku.skuId,
      lookupTables: tables,
      instructions: async () =>
        (
          await getWithdrawInKindInstructionsFor(
            {
              owner: signer,
              vault: v.vault,
              shares: quote.shares,
              nav: v.nav,
              acceptUnpaidSlots: decision.acceptUnpaidSlots,
            },
            rpcOptions,
          )
        ).instructions,
    });
    if (ok) props.onDone();
  };
  // The redemption request: begin_redemption burns the shares and fixes the amounts, then
  // pay_redemption pays a few slots per transaction (anyone could crank them; the owner does
  // it here). Blocked slots are not paid now: the claim keeps them owed.
  const redeem = async () => {
    if (!quote?.ok || !signer || !address) return;
    const batches = redemptionBatches(quote, SLOTS_PER_PAYMENT);
    const total = 1 + batches.length;
    setProgress({ done: 0, total });
    const shareSource = await ataOf(address, {
      mint: v.sku.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const nonce = BigInt(Date.now());
    let claim: Address | null = null;
    const begun = await tx.run({
      label: `Redemption 1 of ${total} (burn shares)`,
      instructions: async () => {
        const ix = await getBeginRedemptionInstructionFor(
          { owner: signer, vault: v.vault, shareSource, shares: quote.shares, nonce },
          ctx.programs,
        );
        claim = ix.claim;
        return [ix];
      },
    });
    if (!begun || !claim) return;
    setProgress({ done: 1, total });
    const deferred = new Set(quote.unpaid.map((u) => u.slot));
    for (const [i, slots] of batches.entries()) {
      const [claimAccount] = await readAccounts(
        ctx.rpc,
        [redemptionClaimAccount(claim, ctx.programs)],
        { commitment: 'confirmed' },
      );
      if (!claimAccount?.exists) return;
      const paid = await tx.run({
        label: `Redemption ${i + 2} of ${total} (pay ${slots.length} asset${slots.length === 1 ? '' : 's'}${i === batches.length - 1 ? ' and cash' : ''})`,
        lookupTables: tables,
        instructions: async () => {
          const pay = await getPayRedemptionInstructionsFor(
            {
              payer: signer,
              vault: v.vault,
              claim: { address: claimAccount.address, data: claimAccount.data },
              slots,
              cash: i === batches.length - 1,
            },
            rpcOptions,
          );
          for (const d of pay.deferred) deferred.add(d.slot);
          return pay.instructions;
        },
      });
      if (!paid) return;
      setProgress({ done: i + 2, total });
    }
    if (deferred.size > 0) setOwedLater({ claim, slots: [...deferred].sort((a, b) => a - b) });
    props.onDone();
  };
  const amountOf = (mint: Address, raw: bigint) => {
    const token = v.tokens.get(mint);
    return token ? formatTokenAmount(raw, token, v.nav.now) : String(raw);
  };
  return (
    <div>
      <RefusalAlert quote={quote} what="withdrawal" />
      {quote?.ok ? (
        <Facts
          label="You receive"
          rows={[
            ...quote.assets
              .filter((a) => a.amountRaw > 0n)
              .map((a) => [ctx.symbolOf(a.mint), amountOf(a.mint, a.amountRaw)] as const),
            ['USDC (cash part)', formatTokenAmount(quote.cashRaw, usdc, v.nav.now)],
            ['Fee', 'none'],
          ]}
        />
      ) : null}
      <BlockedSlots decision={decision} amountOf={amountOf} symbolOf={ctx.symbolOf} />
      {decision.offerForfeit ? (
        <label className="forfeit">
          <input
            type="checkbox"
            checked={decision.acceptUnpaidSlots}
            onChange={() => setForfeited(decision.acceptUnpaidSlots ? null : blockedKey(quote))}
          />
          {' I accept that the slices above are not paid to me: they stay with the other holders'}
        </label>
      ) : null}
      {batched ? (
        <p className="hint">
          {`This basket is large: the withdrawal takes ${1 + Math.ceil(v.nav.assets.length / SLOTS_PER_PAYMENT)} transactions or fewer, each signed in turn.`}
        </p>
      ) : null}
      {progress ? (
        <progress
          max={progress.total}
          value={progress.done}
          aria-label="Redemption progress"
          aria-valuetext={`${progress.done} of ${progress.total} transactions`}
        />
      ) : null}
      <button
        type="button"
        onClick={() => void (decision.path === 'redeem' ? redeem() : withdraw())}
        disabled={!decision.canSubmit || busy(tx.state)}
      >
        Withdraw in kind
      </button>
      {decision.offerRedemption ? (
        <button type="button" onClick={() => void redeem()} disabled={busy(tx.state)}>
          Request a redemption instead
        </button>
      ) : null}
      {owedLater ? (
        <p className="hint" role="status">
          {`Still owed to you in redemption claim ${owedLater.claim}: ${owedLater.slots
            .map((s) => ctx.symbolOf(v.nav.assets[s]?.mint as Address))
            .join(', ')}. It is paid (pay_redemption, which anyone may send) once it can move.`}
        </p>
      ) : null}
      <TxStatus state={tx.state} />
    </div>
  );
}

/** The slices not paid now, with why and how much, shown before anything is signed. */
function BlockedSlots(props: {
  decision: InKindDecision;
  amountOf: (mint: Address, raw: bigint) => string;
  symbolOf: (mint: Address) => string;
}) {
  const { decision } = props;
  if (decision.blocked.length === 0) return null;
  const intro =
    decision.path === 'redeem'
      ? 'Not paid now: these stay owed to you in the redemption claim until they can move.'
      : decision.offerForfeit
        ? 'Not paid by a withdrawal in kind: a redemption request keeps them owed to you instead.'
        : 'A withdrawal in kind is not possible now: request a redemption, which keeps these owed to you.';
  return (
    <div className="warning" role="alert" aria-label="Slices not paid now">
      <p>{intro}</p>
      <ul>
        {decision.blocked.map((b) => (
          <li key={b.slot}>
            {`${props.symbolOf(b.mint)}: ${props.amountOf(b.mint, b.amountRaw)}, ${UNPAID_REASON_TEXT[b.reason]}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
