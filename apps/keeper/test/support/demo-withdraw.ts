// A stablecoin withdrawal by the world's first demo wallet, for the collect-fees world test:
// its fee stays in the vault's cash buffer, owed to the treasury, until collect_withdraw_fees.
import {
  findAssociatedTokenAddress,
  getNavQuote,
  getWithdrawUsdcInstructionsFor,
  quoteStableWithdrawal,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import { programAddressesOf, readSigner, type TestWorld } from '@basket/world';
import type { Address } from '@solana/kit';

/** Withdraws 10 shares (about 10 USD: within any cash buffer) after a fresh push. */
export async function demoWithdraw(world: TestWorld, skuId: string): Promise<void> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
  const read = { programs, commitment: 'confirmed' as const };
  const sku = world.manifest.skus.find((s) => s.skuId === skuId);
  const [vault] = await readAccounts(rpc, [vaultStateAccount(sku?.vault as Address, programs)]);
  if (!vault.exists) throw new Error('no vault');
  const shareAccount = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: vault.data.shareMint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
  const held = await world.chain.tokenAmount(shareAccount);
  const shares = held < 10_000_000n ? held : 10_000_000n;
  const quote = quoteStableWithdrawal(await getNavQuote(rpc, skuId, read), shares, {
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const treasuryStable = await findAssociatedTokenAddress({
    owner: vault.data.treasury,
    mint: vault.data.stableMint,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  });
  const withdraw = await getWithdrawUsdcInstructionsFor(
    { owner: wallet, vault, treasuryStable, shares, quotedOut: quote.netUsd, maxSlipBps: 50 },
    { rpc, ...read },
  );
  await world.chain.land('withdraw_usdc', wallet, withdraw.instructions);
}
