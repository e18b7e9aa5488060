// Step: what the dapp does for a new user. The wallet holds only USDC; the SDK quotes the
// deposit from the on-chain NAV (same rounding as the program, to the raw share), and the
// deposit flow builder creates the wallet's share account in the same transaction.
import {
  decodeProgramEvents,
  getCreateAssociatedTokenAccountInstructionFor,
  getDepositInstructionsFor,
  getNavQuote,
  quoteDeposit,
  rawAmount,
} from '@basket/sdk';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { type Basket, type Cast, readVault } from '../context.ts';
import { amount, cu, type Narrator, short, usd } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** The user's wallet and the accounts the steps pay into. */
export interface User {
  signer: KeyPairSigner;
  usdc: Address;
  shares: Address;
}

const DEPOSIT_RAW = 10_000_000_000n; // 10,000 USDC

export async function firstDeposit(
  cast: Cast,
  basket: Basket,
  say: Narrator,
): Promise<{ user: User; depositRaw: bigint; quotedShares: bigint; mintedShares: bigint }> {
  say.step(STEPS.deposit);
  const { ledger, sku } = cast;
  const { programs } = ledger;
  const signer = await generateKeyPairSigner();
  await ledger.fund(signer.address, 10n);
  // The wallet got its USDC elsewhere (an exchange): its USDC ATA, funded by a faucet.
  const usdcAta = await getCreateAssociatedTokenAccountInstructionFor({
    payer: cast.deployer,
    owner: signer.address,
    mint: basket.stable.address,
    tokenProgram: basket.stable.tokenProgram,
  });
  await ledger.land('user USDC account', cast.deployer, [usdcAta]);
  await ledger.mintTo(cast.deployer, basket.stable, usdcAta.address, DEPOSIT_RAW);
  say.detail(
    `wallet ${short(signer.address)} holds ${amount(DEPOSIT_RAW, 6, 'USDC')} and no share account`,
  );

  const nav = await getNavQuote(ledger.rpc, sku, { programs });
  const q = quoteDeposit(nav, rawAmount(DEPOSIT_RAW), {
    slippageBps: 50,
    vaultProgram: programs.vault,
  });
  if (!q.ok) throw new Error(`the deposit quote was refused: ${q.refusal.message}`);
  say.detail(
    `getNavQuote: NAV ${usd(q.navUsd)}, supply ${q.supply}; quoteDeposit: ${amount(q.shares, 6, sku)}, min ${q.minSharesOut} (0.5% slippage)`,
  );
  const flow = await getDepositInstructionsFor(
    {
      depositor: signer,
      vault: await readVault(cast),
      source: usdcAta.address,
      rawAmount: q.rawAmount,
      minSharesOut: q.minSharesOut,
    },
    { rpc: ledger.rpc, programs },
  );
  const r = await ledger.land('deposit', signer, flow.instructions);
  const minted = await ledger.tokenAmount(flow.accounts.shares);
  const event = decodeProgramEvents(r.logs, cast.ledger.programs).find(
    (e) => e.status === 'decoded' && e.program === 'vault' && e.name === 'deposit',
  );
  const eventShares =
    event?.status === 'decoded' && event.name === 'deposit' ? event.event.shares : null;
  say.detail(
    `${flow.instructions.length} instructions (create share ATA ${short(flow.accounts.shares)}, deposit): ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
  );
  say.detail(
    `quoted ${q.shares} shares, minted ${minted} (Deposit event: ${eventShares}): ${q.shares === minted ? 'equal' : 'DIFFERENT'}`,
  );
  if (minted !== q.shares) throw new Error(`minted ${minted} shares, the SDK quoted ${q.shares}`);
  return {
    user: { signer, usdc: usdcAta.address, shares: flow.accounts.shares },
    depositRaw: DEPOSIT_RAW,
    quotedShares: q.shares,
    mintedShares: minted,
  };
}
