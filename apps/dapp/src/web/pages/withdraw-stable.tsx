// Withdraw shares for USDC: paid at once from the cash buffer (`withdraw_usdc`: fee and the
// minimum received shown), or, when the buffer is short, a withdrawal request
// (`request_withdraw_usdc`) that waits in the vault's queue until the keeper raises cash and
// fulfils it at the next NAV, never below the owner's minimum; cancellable by the owner.
import {
  getRequestWithdrawUsdcInstructionFor,
  getWithdrawUsdcInstructionsFor,
  quoteStableWithdrawal,
  quoteWithdrawalRequest,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import {
  formatBps,
  formatTokenAmount,
  formatUsd,
  minimumAfterSlippage,
} from '../../shared/money.ts';
import { ataOf } from '../data/balances.ts';
import { useDapp } from '../data/context.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import type { VaultView } from '../data/vault-data.ts';
import { rememberRequest } from '../data/withdrawal-requests.ts';
import { h } from '../h.ts';
import { Facts } from '../ui/fields.ts';
import { RefusalAlert } from '../ui/refusal-alert.ts';
import { busy, TxStatus } from '../ui/tx-status.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { useTx } from './common.ts';
import { parseSlippage } from './deposit.ts';

type Props = {
  view: VaultView;
  shares: bigint | null;
  slippage: string;
  onDone: () => void;
};

export function StableWithdraw(props: Props) {
  const ctx = useDapp();
  const { signer } = useWallet();
  const tx = useTx();
  const v = props.view;
  const slip = parseSlippage(props.slippage);
  const usdc = useUsdcDisplay();
  const quote = props.shares
    ? quoteStableWithdrawal(v.nav, props.shares, { vaultProgram: ctx.programs.vault })
    : null;
  const short = quote && !quote.ok && quote.refusal.constant === 'VAULT_ERROR__INSUFFICIENT_CASH';
  // One transaction state for both paths: the outcome stays shown after the form resets.
  if (short && props.shares)
    return h(
      'div',
      null,
      h(RequestWithdrawal, { ...props, shares: props.shares, tx }),
      h(TxStatus, { state: tx.state }),
    );
  const treasury = ctx.session.config.treasury;
  const submit = async () => {
    if (!quote?.ok || slip.bps === null || !signer || !treasury) return;
    const treasuryStable = await ataOf(treasury, ctx.session.config.stablecoin);
    const ok = await tx.run({
      label: 'Withdrawal in USDC',
      lookupTables: v.sku.lookupTable ? [v.sku.lookupTable] : [],
      instructions: async () =>
        (
          await getWithdrawUsdcInstructionsFor(
            {
              owner: signer,
              vault: v.vault,
              treasuryStable,
              shares: quote.shares,
              quotedOut: quote.netUsd,
              maxSlipBps: Number(slip.bps),
            },
            { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' },
          )
        ).instructions,
    });
    if (ok) props.onDone();
  };
  return h(
    'div',
    null,
    h(RefusalAlert, { quote, what: 'withdrawal' }),
    quote?.ok && slip.bps !== null
      ? h(Facts, {
          label: 'Quote',
          rows: [
            ['Value of the shares', formatUsd(quote.grossUsd)],
            [
              `Withdrawal fee (${formatBps(v.nav.config.withdrawFeeBps)})`,
              formatUsd(quote.feeUsd, 'up'),
            ],
            ['You receive (quoted)', `${formatTokenAmount(quote.netUsd, usdc, v.nav.now)} USDC`],
            [
              'Minimum received (after slippage)',
              `${formatTokenAmount(minimumAfterSlippage(quote.netUsd, slip.bps), usdc, v.nav.now)} USDC`,
            ],
          ],
        })
      : null,
    !treasury
      ? h(
          'p',
          { className: 'error' },
          'This deployment names no treasury account; USDC withdrawals are unavailable.',
        )
      : null,
    h(
      'button',
      {
        type: 'button',
        onClick: () => void submit(),
        disabled: !quote?.ok || slip.bps === null || !treasury || busy(tx.state),
      },
      'Withdraw USDC',
    ),
    h(TxStatus, { state: tx.state }),
  );
}

/** The cash buffer cannot pay now: offer a request, priced at the next NAV, bounded by min_out. */
function RequestWithdrawal(props: Props & { shares: bigint; tx: ReturnType<typeof useTx> }) {
  const ctx = useDapp();
  const { signer, address } = useWallet();
  const tx = props.tx;
  const v = props.view;
  const slip = parseSlippage(props.slippage);
  const usdc = useUsdcDisplay();
  // The user's slippage bound is the tolerance: how far the fulfilment NAV may fall below
  // today's before the keeper's payment is refused (min_out, rounded up: against the user).
  const quote =
    slip.bps === null
      ? null
      : quoteWithdrawalRequest(v.nav, props.shares, {
          toleranceBps: Number(slip.bps),
          vaultProgram: ctx.programs.vault,
        });
  const submit = async () => {
    if (!quote?.ok || !signer || !address) return;
    const shareSource = await ataOf(address, {
      mint: v.sku.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    // The request's address is ["wreq", vault, owner, nonce]: a millisecond time is a nonce
    // this owner has not used (two requests in the same millisecond would collide and fail).
    const nonce = BigInt(Date.now());
    let request: string | null = null;
    const ok = await tx.run({
      label: 'Withdrawal request',
      instructions: async () => {
        const ix = await getRequestWithdrawUsdcInstructionFor(
          {
            owner: signer,
            vault: v.vault,
            shareSource,
            shares: quote.shares,
            minOut: quote.minOut,
            nonce,
          },
          ctx.programs,
        );
        request = ix.request;
        return [ix];
      },
    });
    if (ok && request) {
      rememberRequest(address, {
        skuId: v.sku.skuId,
        vault: v.sku.vault,
        request,
        nonce: nonce.toString(),
        shares: quote.shares.toString(),
      });
      props.onDone();
    }
  };
  return h(
    'section',
    { className: 'request-path', 'data-state': 'cash-short', 'aria-labelledby': 'short-title' },
    h('h2', { id: 'short-title' }, 'The cash buffer is short'),
    h(
      'p',
      null,
      `The vault holds ${formatUsd(v.nav.cashRaw)} in cash, less than this withdrawal. You can request it: your shares go into the vault's escrow now, the keeper sells assets to raise the cash and pays you at the first NAV published after your request, never less than the minimum below. You can cancel the request until it is paid; if it is still open 72 hours after the request, anyone may cancel it and the shares come back to you. Or withdraw in kind, paid now.`,
    ),
    h(RefusalAlert, { quote, what: 'request' }),
    quote?.ok
      ? h(Facts, {
          label: 'Request estimate',
          rows: [
            ['Value of the shares at today’s NAV', formatUsd(quote.grossUsd)],
            [
              `Withdrawal fee (${formatBps(v.nav.config.withdrawFeeBps)})`,
              formatUsd(quote.feeUsd, 'up'),
            ],
            [
              'You would receive at today’s NAV',
              `${formatTokenAmount(quote.netUsd, usdc, v.nav.now)} USDC`,
            ],
            [
              'Minimum you accept (after slippage)',
              `${formatTokenAmount(quote.minOut, usdc, v.nav.now)} USDC`,
            ],
          ],
        })
      : null,
    h(
      'button',
      {
        type: 'button',
        onClick: () => void submit(),
        disabled: !quote?.ok || busy(tx.state),
      },
      'Request withdrawal',
    ),
  );
}
