// An address lookup table for a transaction too large for one packet. The SDK's
// `vaultLookupTableAddresses` reads an existing vault; `init_vault` runs before the vault
// exists, so its table holds the instruction's own non-signer accounts instead.
import {
  type CostedInstruction,
  fetchAddressLookupTables,
  getCreateLookupTableInstructionFor,
  getExtendLookupTableInstructionsFor,
} from '@basket/sdk';
import {
  type Address,
  type AddressesByLookupTableAddress,
  isSignerRole,
  type TransactionSigner,
} from '@solana/kit';
import type { Ledger } from './ledger.ts';

/**
 * Creates and extends a lookup table holding every account of `instructions` that does not
 * sign (signers must stay in the message), and returns it as `buildTransactionMessage`
 * takes it.
 */
export async function lookupTableFor(
  ledger: Ledger,
  authority: TransactionSigner,
  instructions: readonly CostedInstruction[],
): Promise<{ table: Address; addressCount: number; tables: AddressesByLookupTableAddress }> {
  const addresses = [
    ...new Set(
      instructions.flatMap((i) =>
        (i.instruction.accounts ?? []).filter((a) => !isSignerRole(a.role)).map((a) => a.address),
      ),
    ),
  ];
  const create = await getCreateLookupTableInstructionFor({
    authority: authority.address,
    payer: authority,
    recentSlot: ledger.recentSlot(),
  });
  await ledger.land('create lookup table', authority, [create]);
  for (const extend of getExtendLookupTableInstructionsFor({
    table: create.table,
    authority,
    payer: authority,
    addresses,
  })) {
    ledger.nextSlot();
    await ledger.land('extend lookup table', authority, [extend]);
  }
  ledger.nextSlot();
  const tables = await fetchAddressLookupTables(ledger.rpc, [create.table]);
  return { table: create.table, addressCount: addresses.length, tables };
}
