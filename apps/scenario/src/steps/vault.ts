// Step: the SKU goes live. The platform admins create the oracle snapshot over the basket's
// mints, the same 3 of 5 sign init_vault (the vault's admin set and the oracle's platform set
// must both be met, so nobody else can claim a SKU), then name the share mint. The treasury's
// accounts are created here because fees are paid into them from the first withdrawal on.
import {
  getCreateAssociatedTokenAccountInstructionFor,
  getCreateSnapshotInstructionFor,
  getInitVaultInstructionFor,
  getSetShareMetadataInstructionFor,
  MAX_TRANSACTION_SIZE,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { type Basket, type Cast, readVault } from '../context.ts';
import { lookupTableFor } from '../lookup-table.ts';
import { cu, type Narrator, short, usd } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** The treasury's accounts that fees are paid into. */
export interface TreasuryAccounts {
  stable: Address;
  shares: Address;
}

export const VAULT_TERMS = {
  mgmtFeeBps: 20,
  perfFeeBps: 1_000,
  withdrawFeeBps: 5,
  cashBufferBps: 500,
  maxSlipBps: 50,
  depositCapUsd: 10_000_000_000_000n,
  minDepositRaw: 1_000_000n,
} as const;

export async function createVault(
  cast: Cast,
  basket: Basket,
  say: Narrator,
): Promise<TreasuryAccounts> {
  say.step(STEPS.vault);
  const { ledger, deployer, admins, sku } = cast;
  const { programs } = ledger;
  // An admin pays: a fourth signature (the deployer's) would push the 20-slot mint list
  // past the packet size.
  const [payingAdmin] = admins.slice(1, 2);
  if (!payingAdmin) throw new Error('no admins');
  await ledger.fund(payingAdmin.address, 10n);
  const snapshot = await getCreateSnapshotInstructionFor(
    {
      payer: payingAdmin,
      sku,
      mints: basket.assets.map((a) => a.mint.address),
      adminSigners: admins.slice(1, 4),
    },
    programs,
  );
  const created = await ledger.land('oracle create_snapshot', payingAdmin, [snapshot]);
  say.detail(
    `snapshot ${short(snapshot.snapshot)} of ${sku} over 3 mints, paid by admin ${short(payingAdmin.address)}: ${cu(created.computeUnits)}, ${created.txBytes} bytes`,
  );

  const init = await getInitVaultInstructionFor(
    {
      payer: deployer,
      sku,
      stableMint: basket.stable.address,
      stableTokenProgram: basket.stable.tokenProgram,
      assets: basket.assets.map((a) => ({
        mint: a.mint.address,
        tokenProgram: a.mint.tokenProgram,
        weightBps: a.weightBps,
      })),
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeper: cast.keeper.address,
      treasury: cast.treasury.address,
      // The demo's company trade wallet is the keeper's key (docs/decisions/0501-the-demo-registers-the-keeper-s-key-as-the-company-trade.md).
      tradeAuthority: cast.keeper.address,
      ...VAULT_TERMS,
      adminSigners: admins.slice(0, 3),
    },
    programs,
  );
  // Four signatures (the deployer and 3 admins) and the accounts of even a 3-asset basket do
  // not fit a packet: the deployer first puts the instruction's accounts in a lookup table.
  const bare = await ledger.sizeOf(deployer, [init]);
  const lookup = await lookupTableFor(ledger, deployer, [init]);
  say.detail(
    `init_vault is ${bare} bytes (packet: ${MAX_TRANSACTION_SIZE}): lookup table ${short(lookup.table)} with its ${lookup.addressCount} accounts`,
  );
  const r = await ledger.land('vault init_vault', deployer, [init], lookup.tables);
  say.detail(
    `vault ${short(init.vault)}, share mint ${short(init.shareMint)}, cash buffer + 3 holdings: ${cu(r.computeUnits)}, ${r.txBytes} of ${MAX_TRANSACTION_SIZE} bytes`,
  );
  const t = VAULT_TERMS;
  say.detail(
    `fees: management ${t.mgmtFeeBps / 100}%/yr, performance ${t.perfFeeBps / 100}%, withdrawal ${t.withdrawFeeBps / 100}%; cash buffer ${t.cashBufferBps / 100}%, keeper slippage ${t.maxSlipBps / 100}%, cap ${usd(t.depositCapUsd)}`,
  );

  const meta = getSetShareMetadataInstructionFor(
    {
      payer: deployer,
      vault: await readVault(cast),
      name: 'Tech Three Basket',
      symbol: sku,
      uri: 'https://example.com/tech3.json',
      adminSigners: admins.slice(2, 5),
    },
    programs,
  );
  const named = await ledger.land('vault set_share_metadata', deployer, [meta]);
  say.detail(`share metadata "Tech Three Basket" (${sku}): ${cu(named.computeUnits)}`);

  const stable = await getCreateAssociatedTokenAccountInstructionFor({
    payer: deployer,
    owner: cast.treasury.address,
    mint: basket.stable.address,
    tokenProgram: basket.stable.tokenProgram,
  });
  const shares = await getCreateAssociatedTokenAccountInstructionFor({
    payer: deployer,
    owner: cast.treasury.address,
    mint: init.shareMint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
  await ledger.land('treasury token accounts', deployer, [stable, shares]);
  say.detail(`treasury accounts: USDC ${short(stable.address)}, shares ${short(shares.address)}`);
  return { stable: stable.address, shares: shares.address };
}
