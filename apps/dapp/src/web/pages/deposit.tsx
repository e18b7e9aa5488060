// Deposit stablecoin for shares: the SDK's quote, the user's slippage bound as min_shares_out,
// simulation, signature, confirmation.
import { getDepositInstructionsFor, quoteDeposit, type RawAmount } from '@basket/sdk';
import type { Address } from '@solana/kit';
import { useState } from 'react';
import {
  AmountInputError,
  formatPricePerShare,
  formatTokenAmount,
  maxInputOf,
  parseSlippagePercent,
  parseTokenAmount,
  type TokenDisplay,
} from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import { ataOf, readBalances } from '../data/balances.ts';
import { useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import { Banners } from '../ui/banners.tsx';
import { AmountField, Facts } from '../ui/fields.tsx';
import { RefusalAlert } from '../ui/refusal-alert.tsx';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, Loading, TxGate, useTx, useVault } from './common.tsx';

export function DepositPage(props: { sku: PublicSku }) {
  return (
    <div>
      <h1>{`Deposit into ${props.sku.skuId}`}</h1>
      <TxGate>
        <DepositForm {...props} />
      </TxGate>
    </div>
  );
}

/** Parses a field, giving the raw amount or the sentence to show. */
export function parseField(
  text: string,
  token: TokenDisplay,
  now: bigint,
): { raw: RawAmount | null; error: string | null } {
  if (text.trim() === '') return { raw: null, error: null };
  try {
    return { raw: parseTokenAmount(text, token, now), error: null };
  } catch (e) {
    if (e instanceof AmountInputError) return { raw: null, error: e.message };
    throw e;
  }
}

export function parseSlippage(text: string): { bps: bigint | null; error: string | null } {
  try {
    return { bps: parseSlippagePercent(text), error: null };
  } catch (e) {
    return { bps: null, error: (e as Error).message };
  }
}

function DepositForm(props: { sku: PublicSku }) {
  const ctx = useDapp();
  const { address, signer } = useWallet();
  const view = useVault(props.sku);
  const stable = ctx.session.config.stablecoin;
  const usdc = useUsdcDisplay();
  const balances = useRead(['balances', address, stable.mint], () =>
    readBalances(ctx.rpc, address as string, [stable]),
  );
  const [amount, setAmount] = useState('');
  const [slippage, setSlippage] = useState('0.5');
  const tx = useTx();
  if (!view.value) return view.error ? <Failed error={view.error} /> : <Loading what="the vault" />;
  const v = view.value;
  const balance = balances.value?.get(stable.mint) ?? 0n;
  const parsed = parseField(amount, usdc, v.nav.now);
  const slip = parseSlippage(slippage);
  const tooMuch = parsed.raw !== null && parsed.raw > balance;
  // The view on screen may be the cache of an earlier visit while its refetch runs: a quote
  // from it would be signed against an old NAV and supply (and refused as slippage, or worse,
  // accepted at a stale minimum). No quote, and no Deposit, until the vault is read afresh.
  const refreshing = view.loading;
  const quote =
    parsed.raw !== null && slip.bps !== null && !refreshing
      ? quoteDeposit(v.nav, parsed.raw, {
          slippageBps: Number(slip.bps),
          vaultProgram: ctx.programs.vault,
        })
      : null;
  const submit = async () => {
    if (!quote?.ok || !signer) return;
    const source = await ataOf(address as string, stable);
    const ok = await tx.run({
      label: 'Deposit',
      skuId: props.sku.skuId,
      lookupTables: props.sku.lookupTable ? [props.sku.lookupTable] : [],
      instructions: async () =>
        (
          await getDepositInstructionsFor(
            {
              depositor: signer,
              vault: v.vault,
              source: source as Address,
              rawAmount: quote.rawAmount,
              minSharesOut: quote.minSharesOut,
            },
            { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' },
          )
        ).instructions,
    });
    if (ok) {
      setAmount('');
      balances.reload();
      view.reload();
    }
  };
  return (
    <form
      className="card"
      onSubmit={(e: { preventDefault: () => void }) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="Deposit"
    >
      <Banners banners={v.banners} />
      <AmountField
        name="amount"
        label="Amount to deposit"
        unit="USDC"
        value={amount}
        onChange={setAmount}
        error={parsed.error ?? (tooMuch ? 'More than your balance.' : null)}
        hint={`Balance: ${formatTokenAmount(balance, usdc, v.nav.now)} USDC`}
        onMax={balances.loading ? undefined : () => setAmount(maxInputOf(balance, usdc, v.nav.now))}
      />
      <AmountField
        name="slippage"
        label="Slippage tolerance"
        unit="%"
        value={slippage}
        onChange={setSlippage}
        error={slip.error}
      />
      {refreshing && parsed.raw !== null ? <p role="status">Refreshing the quote…</p> : null}
      <RefusalAlert quote={quote} what="deposit" />
      {quote?.ok ? (
        <Facts
          label="Quote"
          rows={[
            ['You pay', `${formatTokenAmount(quote.rawAmount, usdc, v.nav.now)} USDC`],
            [
              'Shares (quoted)',
              `${formatTokenAmount(quote.shares, v.share, v.nav.now)} ${props.sku.skuId}`,
            ],
            [
              'Minimum shares (after slippage)',
              `${formatTokenAmount(quote.minSharesOut, v.share, v.nav.now)} ${props.sku.skuId}`,
            ],
            [
              'NAV per share',
              v.nav.pricePerShare === null ? '—' : formatPricePerShare(v.nav.pricePerShare),
            ],
            ['Deposit fee', 'none'],
          ]}
        />
      ) : null}
      <button type="submit" disabled={!quote?.ok || tooMuch || busy(tx.state)}>
        Deposit
      </button>
      <TxStatus state={tx.state} />
    </form>
  );
}
