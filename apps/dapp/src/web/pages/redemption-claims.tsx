// The connected wallet's open redemption claims of one vault (shown on the withdraw page):
// what each still owes, asset by asset with the reason any waits, and a Pay button that sends
// pay_redemption (the SDK's builder: your missing token accounts created, hook accounts
// resolved) for what can move now. The keeper pays them too once they can move
// (redemption-payer, every 5 minutes); this lets the owner not wait.
import {
  getPayRedemptionInstructionsFor,
  type InKindTransfers,
  readAccounts,
  readInKindTransfers,
  redemptionClaimAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { formatTokenAmount, type TokenDisplay } from '../../shared/money.ts';
import type { DappContext } from '../data/context.ts';
import { useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { type OpenRedemptionClaim, openRedemptionClaims } from '../data/redemption-claims.ts';
import { useUsdcDisplay } from '../data/usdc-display.ts';
import type { VaultView } from '../data/vault-data.ts';
import { busy, TxStatus } from '../ui/tx-status.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, useTx } from './common.tsx';
import { CLAIM_WAIT_TEXT, type ClaimDecision, decideClaim } from './redemption-claim-decision.ts';

/** Asset slots per pay_redemption transaction (as the withdraw page's redemption). */
const SLOTS_PER_PAYMENT = 5;

type Listed = Readonly<{ claim: OpenRedemptionClaim; decision: ClaimDecision }>;

async function loadClaims(ctx: DappContext, owner: string | null, view: VaultView) {
  if (!owner) return [];
  const claims = (await openRedemptionClaims(ctx, owner)).filter((c) => c.skuId === view.sku.skuId);
  return Promise.all(
    claims.map(async (claim): Promise<Listed> => {
      const slots = claim.data.owed
        .map((o, slot) => (o > 0n && slot < claim.data.assetCount ? slot : -1))
        .filter((s) => s >= 0);
      let transfers: InKindTransfers | undefined;
      try {
        transfers = await readInKindTransfers(ctx.rpc, view.vault, owner as Address, {
          slots,
          commitment: 'confirmed',
        });
      } catch {
        transfers = undefined; // shown owed, nothing offered to pay until a read succeeds
      }
      const decision = decideClaim(
        claim.data,
        transfers,
        view.vault.data.assets,
        SLOTS_PER_PAYMENT,
      );
      return { claim, decision };
    }),
  );
}

export function OpenRedemptionClaims(props: {
  view: VaultView;
  /** Changed by the parent after its own transactions, to read the chain again. */
  version?: number;
  onPaid?: () => void;
}) {
  const ctx = useDapp();
  const { address, signer } = useWallet();
  const v = props.view;
  const list = useRead(
    ['redemption-claims', v.sku.skuId, address, String(v.nav.now), props.version ?? 0],
    () => loadClaims(ctx, address, v),
  );
  const tx = useTx();
  const usdc = useUsdcDisplay();
  if (!address) return null;
  if (list.error && !list.value) return <Failed error={list.error} />;
  const claims = list.value ?? [];
  if (claims.length === 0) return null;
  const tables = v.sku.lookupTable ? [v.sku.lookupTable] : [];
  const pay = async ({ claim, decision }: Listed) => {
    if (!signer) return;
    for (const [i, batch] of decision.batches.entries()) {
      // Each payment reads the claim again: the one before it zeroed what it paid.
      const [current] = await readAccounts(
        ctx.rpc,
        [redemptionClaimAccount(claim.address, ctx.programs)],
        { commitment: 'confirmed' },
      );
      if (!current?.exists) break;
      const ok = await tx.run({
        label: `Pay claim ${i + 1} of ${decision.batches.length}`,
        lookupTables: tables,
        instructions: async () =>
          (
            await getPayRedemptionInstructionsFor(
              {
                payer: signer,
                vault: v.vault,
                claim: { address: current.address, data: current.data },
                slots: batch.slots,
                cash: batch.cash,
              },
              { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' },
            )
          ).instructions,
      });
      if (!ok) break;
    }
    list.reload();
    props.onPaid?.();
  };
  const display = (mint: Address): TokenDisplay =>
    v.tokens.get(mint) ?? { symbol: ctx.symbolOf(mint), decimals: 6, scaledUiAmount: null };
  return (
    <section className="requests" aria-labelledby="claims-title">
      <h2 id="claims-title">Open redemption claims</h2>
      <ul className="request-list">
        {claims.map((item) => (
          <li key={item.claim.address} data-claim={item.claim.address}>
            <strong>{`Claim ${item.claim.address.slice(0, 8)}…: still owed to you. `}</strong>
            <ul>
              {item.decision.rows.map((r) => (
                <li key={r.slot} data-slot={r.slot} data-waits={r.waits ?? 'payable'}>
                  {`${ctx.symbolOf(r.mint)} ${formatTokenAmount(r.amountRaw, display(r.mint), v.nav.now)}`}
                  {r.waits ? ` (waits: ${CLAIM_WAIT_TEXT[r.waits]})` : ' (payable now)'}
                </li>
              ))}
              {item.decision.cashOwed > 0n ? (
                <li key="cash" data-slot="cash">
                  {`USDC ${formatTokenAmount(item.decision.cashOwed, usdc, v.nav.now)} (payable now)`}
                </li>
              ) : null}
            </ul>
            {item.decision.canPay ? (
              <button
                type="button"
                className="secondary"
                disabled={busy(tx.state)}
                onClick={() => void pay(item)}
              >
                Pay what can move now
              </button>
            ) : (
              <p>Nothing can move now; the keeper pays it once it can.</p>
            )}
          </li>
        ))}
      </ul>
      <TxStatus state={tx.state} />
    </section>
  );
}
