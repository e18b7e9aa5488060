// An address lookup table for a set-up transaction too large for one packet. The SDK's
// `vaultLookupTableAddresses` reads an existing vault; `init_vault` runs before the vault
// exists, so its table holds what the instruction itself may load from a table.
import {
  type CostedInstruction,
  fetchAddressLookupTables,
  getCreateLookupTableInstructionFor,
  getExtendLookupTableInstructionsFor,
  lookupTableAddressesForInstructions,
} from '@basket/sdk';
import type { Address, AddressesByLookupTableAddress, TransactionSigner } from '@solana/kit';
import type { Ledger } from './ledger.ts';

/**
 * Creates and extends a lookup table holding every account of `instructions` a table can
 * carry (`lookupTableAddressesForInstructions`), and returns it as `buildTransactionMessage`
 * takes it.
 */
export async function lookupTableFor(
  ledger: Ledger,
  authority: TransactionSigner,
  instructions: readonly CostedInstruction[],
): Promise<{ table: Address; addressCount: number; tables: AddressesByLookupTableAddress }> {
  const addresses = lookupTableAddressesForInstructions(instructions.map((i) => i.instruction));
  const create = await getCreateLookupTableInstructionFor({
    authority: authority.address,
    payer: authority,
    recentSlot: await ledger.recentSlot(),
  });
  await ledger.land('create lookup table', authority, [create]);
  for (const extend of getExtendLookupTableInstructionsFor({
    table: create.table,
    authority,
    payer: authority,
    addresses,
  })) {
    await ledger.nextSlot();
    await ledger.land('extend lookup table', authority, [extend]);
  }
  await ledger.nextSlot();
  const tables = await fetchAddressLookupTables(ledger.rpc, [create.table], {
    commitment: 'confirmed',
  });
  return { table: create.table, addressCount: addresses.length, tables };
}
