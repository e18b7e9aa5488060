// Withdraw shares in kind (every asset pro rata; batched redemption for large baskets, with
// progress across its transactions) or in stablecoin (fee and minimum received shown).
import {
  getBeginRedemptionInstructionFor,
  getPayRedemptionInstructionsFor,
  getWithdrawInKindInstructionsFor,
  quoteInKindWithdrawal,
  readAccounts,
  redemptionClaimAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { useState } from 'react';
import { formatTokenAmount, maxInputOf } from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import { ataOf, readBalances } from '../data/balances.ts';
import { useDapp } from '../data/context.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import { useAsync } from '../data/use-async.ts';
import type { VaultView } from '../data/vault-data.ts';
import { h } from '../h.ts';
import { Banners } from '../ui/banners.ts';
import { AmountField, Facts } from '../ui/fields.ts';
import { RefusalAlert } from '../ui/refusal-alert.ts';
import { busy, TxStatus } from '../ui/tx-status.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { Failed, Loading, TxGate, useTx, useVault } from './common.ts';
import { parseField, parseSlippage } from './deposit.ts';
import { StableWithdraw } from './withdraw-stable.ts';
import { WithdrawalRequests } from './withdrawal-requests.ts';

/** Baskets above this many assets redeem in several transactions (accounts exceed one packet). */
export const SINGLE_TX_MAX_ASSETS = 6;
/** Asset slots paid per `pay_redemption` transaction. */
export const SLOTS_PER_PAYMENT = 5;

export function WithdrawPage(props: { sku: PublicSku }) {
  return h(
    'div',
    null,
    h('h1', null, `Withdraw from ${props.sku.skuId}`),
    h(TxGate, null, h(WithdrawForm, props)),
  );
}

function WithdrawForm(props: { sku: PublicSku }) {
  const ctx = useDapp();
  const { address } = useWallet();
  const view = useVault(props.sku);
  const shareSpec = { mint: props.sku.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS };
  const balances = useAsync(() => readBalances(ctx.rpc, address as string, [shareSpec]), [address]);
  const [mode, setMode] = useState<'in-kind' | 'stable'>('in-kind');
  const [amount, setAmount] = useState('');
  const [slippage, setSlippage] = useState('0.5');
  // Bumped after each transaction so the request list reads the chain again.
  const [version, setVersion] = useState(0);
  if (!view.value)
    return view.error ? h(Failed, { error: view.error }) : h(Loading, { what: 'the vault' });
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
  return h(
    'div',
    { className: 'card' },
    h(Banners, { banners: v.banners }),
    h(
      'fieldset',
      { className: 'modes' },
      h('legend', null, 'Receive'),
      ...(['in-kind', 'stable'] as const).map((m) =>
        h(
          'label',
          { key: m },
          h('input', {
            type: 'radio',
            name: 'mode',
            value: m,
            checked: mode === m,
            onChange: () => setMode(m),
          }),
          m === 'in-kind' ? ' Each stock, pro rata (in kind)' : ' USDC from the cash buffer',
        ),
      ),
    ),
    h(AmountField, {
      name: 'shares',
      label: 'Shares to redeem',
      unit: props.sku.skuId,
      value: amount,
      onChange: setAmount,
      error: parsed.error ?? (tooMuch ? 'More than your shares.' : null),
      hint: `Your shares: ${formatTokenAmount(balance, v.share, v.nav.now)}`,
      onMax: () => setAmount(maxInputOf(balance, v.share, v.nav.now)),
    }),
    mode === 'stable'
      ? h(AmountField, {
          name: 'slippage',
          label: 'Slippage tolerance',
          unit: '%',
          value: slippage,
          onChange: setSlippage,
          error: parseSlippage(slippage).error,
        })
      : null,
    mode === 'stable'
      ? h(StableWithdraw, { view: v, shares: tooMuch ? null : parsed.raw, slippage, onDone: done })
      : h(InKindWithdraw, { view: v, shares: tooMuch ? null : parsed.raw, onDone: done }),
    h(WithdrawalRequests, { skus: [props.sku], version, onCancelled: balances.reload }),
  );
}

function InKindWithdraw(props: { view: VaultView; shares: bigint | null; onDone: () => void }) {
  const ctx = useDapp();
  const { signer, address } = useWallet();
  const tx = useTx();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const v = props.view;
  const quote = props.shares
    ? quoteInKindWithdrawal(v.nav, props.shares, { vaultProgram: ctx.programs.vault })
    : null;
  const batched = v.nav.assets.length > SINGLE_TX_MAX_ASSETS;
  const usdc = useUsdcDisplay();
  const tables = v.sku.lookupTable ? [v.sku.lookupTable] : [];
  const submit = async () => {
    if (!quote?.ok || !signer || !address) return;
    const rpcOptions = { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' as const };
    if (!batched) {
      const ok = await tx.run({
        label: 'Withdrawal in kind',
        lookupTables: tables,
        instructions: async () =>
          (
            await getWithdrawInKindInstructionsFor(
              { owner: signer, vault: v.vault, shares: quote.shares },
              rpcOptions,
            )
          ).instructions,
      });
      if (ok) props.onDone();
      return;
    }
    // Batched: begin_redemption burns the shares and fixes the amounts, then pay_redemption
    // pays a few slots per transaction (anyone could crank them; the owner does it here).
    const paying = v.nav.assets
      .map((_asset, slot) => ({ slot, owed: quote.assets[slot]?.amountRaw ?? 0n }))
      .filter((s) => s.owed > 0n);
    const batches: number[][] = [];
    for (let i = 0; i < paying.length; i += SLOTS_PER_PAYMENT)
      batches.push(paying.slice(i, i + SLOTS_PER_PAYMENT).map((s) => s.slot));
    if (batches.length === 0) batches.push([]);
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
        instructions: async () =>
          (
            await getPayRedemptionInstructionsFor(
              {
                payer: signer,
                vault: v.vault,
                claim: { address: claimAccount.address, data: claimAccount.data },
                slots,
                cash: i === batches.length - 1,
              },
              rpcOptions,
            )
          ).instructions,
      });
      if (!paid) return;
      setProgress({ done: i + 2, total });
    }
    props.onDone();
  };
  return h(
    'div',
    null,
    h(RefusalAlert, { quote, what: 'withdrawal' }),
    quote?.ok
      ? h(Facts, {
          label: 'You receive',
          rows: [
            ...quote.assets
              .filter((a) => a.amountRaw > 0n)
              .map((a) => {
                const token = v.tokens.get(a.mint);
                return [
                  ctx.symbolOf(a.mint),
                  token ? formatTokenAmount(a.amountRaw, token, v.nav.now) : String(a.amountRaw),
                ] as const;
              }),
            ['USDC (cash part)', formatTokenAmount(quote.cashRaw, usdc, v.nav.now)],
            ['Fee', 'none'],
          ],
        })
      : null,
    batched
      ? h(
          'p',
          { className: 'hint' },
          `This basket is large: the withdrawal takes ${1 + Math.ceil(v.nav.assets.length / SLOTS_PER_PAYMENT)} transactions or fewer, each signed in turn.`,
        )
      : null,
    progress
      ? h('progress', {
          max: progress.total,
          value: progress.done,
          'aria-label': 'Redemption progress',
          'aria-valuetext': `${progress.done} of ${progress.total} transactions`,
        })
      : null,
    h(
      'button',
      { type: 'button', onClick: () => void submit(), disabled: !quote?.ok || busy(tx.state) },
      'Withdraw in kind',
    ),
    h(TxStatus, { state: tx.state }),
  );
}
