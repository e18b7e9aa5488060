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
import { Facts } from '../ui/fields.tsx';
import { RefusalAlert } from '../ui/refusal-alert.tsx';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { useTx } from './common.tsx';
import { parseSlippage } from './deposit.tsx';

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
    return (
      <div>
        <RequestWithdrawal {...props} shares={props.shares} tx={tx} />
        <TxStatus state={tx.state} />
      </div>
    );
  const treasury = ctx.session.config.treasury;
  const submit = async () => {
    if (!quote?.ok || slip.bps === null || !signer || !treasury) return;
    const treasuryStable = await ataOf(treasury, ctx.session.config.stablecoin);
    const ok = await tx.run({
      label: 'Withdrawal in USDC',
      skuId: v.sku.skuId,
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
  return (
    <div>
      <RefusalAlert quote={quote} what="withdrawal" />
      {quote?.ok && slip.bps !== null ? (
        <Facts
          label="Quote"
          rows={[
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
          ]}
        />
      ) : null}
      {!treasury ? (
        <p className="error">
          This deployment names no treasury account; USDC withdrawals are unavailable.
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void submit()}
        disabled={!quote?.ok || slip.bps === null || !treasury || busy(tx.state)}
      >
        Withdraw USDC
      </button>
      <TxStatus state={tx.state} />
    </div>
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
      skuId: v.sku.skuId,
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
  return (
    <section className="request-path" data-state="cash-short" aria-labelledby="short-title">
      <h2 id="short-title">The cash buffer is short</h2>
      <p>
        {`The vault holds ${formatUsd(v.nav.cashRaw)} in cash, less than this withdrawal. You can request it: your shares go into the vault's escrow now, the keeper sells assets to raise the cash and pays you at the first NAV published after your request, never less than the minimum below. You can cancel the request until it is paid; if it is still open 72 hours after the request, anyone may cancel it and the shares come back to you. Or withdraw in kind, paid now.`}
      </p>
      <RefusalAlert quote={quote} what="request" />
      {quote?.ok ? (
        <Facts
          label="Request estimate"
          rows={[
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
          ]}
        />
      ) : null}
      <button type="button" onClick={() => void submit()} disabled={!quote?.ok || busy(tx.state)}>
        Request withdrawal
      </button>
    </section>
  );
}
