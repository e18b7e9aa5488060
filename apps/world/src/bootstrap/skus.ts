// Each SKU goes live as the scenario does it, over RPC: the admins create the oracle snapshot,
// 3 of 5 sign init_vault (through a lookup table: four signatures and a basket's accounts do
// not fit a packet), the share mint is named, the treasury's accounts exist, and a lookup
// table for the SKU's user flows is made (a 20-asset deposit does not fit without one).
import {
  findSkuAddresses,
  getCreateAssociatedTokenAccountInstructionFor,
  getCreateSnapshotInstructionFor,
  getInitVaultInstructionFor,
  getSetShareMetadataInstructionFor,
  lookupTableAddressesForInstructions,
  type ProgramAddresses,
  readAccounts,
  resolveMintTransferHookAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  type VaultStateAccount,
  vaultLookupTableAddresses,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { type CatalogSku, VAULT_TERMS } from './catalog.ts';
import type { WorldKeys } from './keys.ts';
import { createLookupTable, loadLookupTables, SETUP_MARGIN_BPS } from './lookup-table.ts';
import type { WorldMint } from './mints.ts';

export type LiveSku = Readonly<{
  skuId: string;
  label: string;
  vault: VaultStateAccount;
  snapshot: Address;
  lookupTable: Address;
  treasuryStable: Address;
  treasuryShares: Address;
}>;

export async function readVault(
  chain: Chain,
  sku: string,
  programs: ProgramAddresses,
): Promise<VaultStateAccount | null> {
  const { vaultState } = await findSkuAddresses(sku, programs);
  const [vault] = await readAccounts(chain.rpc, [vaultStateAccount(vaultState, programs)], {
    commitment: 'confirmed',
  });
  return vault.exists ? { address: vault.address, data: vault.data } : null;
}

/**
 * The hook program, validation account and extra accounts of each hooked stock of the SKU:
 * every in-kind payout, redemption payment and leg of that stock carries them, and a
 * six-asset withdrawal fits a packet only with them in the table. The test hook's extra
 * account is the mint's record, a fixed address (the transfer's ends are placeholders).
 */
async function hookTableAddresses(
  chain: Chain,
  mints: readonly { mint: WorldMint }[],
  vault: Address,
): Promise<Address[]> {
  const out: Address[] = [];
  for (const { mint } of mints) {
    if (mint.hookProgram === null) continue;
    const hook = await resolveMintTransferHookAccounts(
      { mint: mint.address, source: vault, destination: vault, authority: vault, amount: 0n },
      (a) => chain.accountData(a),
    );
    out.push(...hook.map((m) => m.address));
  }
  return out;
}

export async function ensureSku(
  chain: Chain,
  input: {
    keys: WorldKeys;
    programs: ProgramAddresses;
    sku: CatalogSku;
    stable: WorldMint;
    stocks: ReadonlyMap<string, WorldMint>;
    /** The SKU's user-flow table from an earlier bootstrap, if any. */
    knownLookupTable: Address | null;
  },
): Promise<LiveSku & { created: boolean }> {
  const { keys, programs, sku } = input;
  const mints = sku.assets.map((a) => {
    const m = input.stocks.get(a.symbol);
    if (!m) throw new Error(`SKU ${sku.skuId}: no mint for ${a.symbol}`);
    return { ...a, mint: m };
  });
  const { navSnapshot } = await findSkuAddresses(sku.skuId, programs);
  let created = false;
  let vault = await readVault(chain, sku.skuId, programs);
  if (!vault) {
    created = true;
    const [, payingAdmin] = keys.admins;
    if (!payingAdmin) throw new Error('the world has no admins');
    if (!(await chain.exists(navSnapshot))) {
      const snapshot = await getCreateSnapshotInstructionFor(
        {
          payer: payingAdmin,
          sku: sku.skuId,
          mints: mints.map((m) => m.mint.address),
          adminSigners: keys.admins.slice(1, 4),
        },
        programs,
      );
      await chain.land(`oracle create_snapshot ${sku.skuId}`, payingAdmin, [snapshot]);
    }
    const init = await getInitVaultInstructionFor(
      {
        payer: keys.upgradeAuthority,
        sku: sku.skuId,
        stableMint: input.stable.address,
        stableTokenProgram: input.stable.tokenProgram,
        assets: mints.map((m) => ({
          mint: m.mint.address,
          tokenProgram: m.mint.tokenProgram,
          weightBps: m.weightBps,
        })),
        admins: keys.admins.map((a) => a.address),
        threshold: 3,
        keeper: keys.keeper.address,
        treasury: keys.treasury.address,
        // One key per role (docs/decisions/0140-one-key-per-role-the-trade-authority-apart-from-the-keeper.md): the trade wallet is its
        // own key, so a signature given to a counterparty's fill never authorizes the keeper's.
        tradeAuthority: keys.tradeAuthority.address,
        ...VAULT_TERMS,
        adminSigners: keys.admins.slice(0, 3),
      },
      programs,
    );
    const table = await createLookupTable(
      chain,
      keys.upgradeAuthority,
      lookupTableAddressesForInstructions([init.instruction]),
    );
    await chain.land(
      `vault init_vault ${sku.skuId}`,
      keys.upgradeAuthority,
      [init],
      await loadLookupTables(chain, [table]),
      SETUP_MARGIN_BPS,
    );
    vault = await readVault(chain, sku.skuId, programs);
    if (!vault) throw new Error(`init_vault ${sku.skuId} landed but the vault is missing`);
    await chain.land(`vault set_share_metadata ${sku.skuId}`, keys.upgradeAuthority, [
      getSetShareMetadataInstructionFor(
        {
          payer: keys.upgradeAuthority,
          vault,
          name: `${sku.label} Basket`,
          symbol: sku.skuId,
          uri: `https://localnet.invalid/${sku.skuId.toLowerCase()}.json`,
          adminSigners: keys.admins.slice(2, 5),
        },
        programs,
      ),
    ]);
  }
  const stableAta = await getCreateAssociatedTokenAccountInstructionFor({
    payer: keys.upgradeAuthority,
    owner: keys.treasury.address,
    mint: input.stable.address,
    tokenProgram: input.stable.tokenProgram,
  });
  const sharesAta = await getCreateAssociatedTokenAccountInstructionFor({
    payer: keys.upgradeAuthority,
    owner: keys.treasury.address,
    mint: vault.data.shareMint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
  if (!(await chain.exists(sharesAta.address)) || !(await chain.exists(stableAta.address))) {
    await chain.land('treasury token accounts', keys.upgradeAuthority, [stableAta, sharesAta]);
  }
  const lookupTable =
    input.knownLookupTable && (await chain.exists(input.knownLookupTable))
      ? input.knownLookupTable
      : await createLookupTable(
          chain,
          keys.upgradeAuthority,
          await vaultLookupTableAddresses(vault, programs, [
            stableAta.address,
            ...(await hookTableAddresses(chain, mints, vault.address)),
          ]),
        );
  return {
    skuId: sku.skuId,
    label: sku.label,
    vault,
    snapshot: navSnapshot,
    lookupTable,
    treasuryStable: stableAta.address,
    treasuryShares: sharesAta.address,
    created,
  };
}
