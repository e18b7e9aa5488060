// Address lookup tables over RPC: set-up transactions such as init_vault and the rewards
// initialize, and every large user flow, do not fit a packet without one.

import { waitFor } from '@basket/localnet';
import {
  fetchAddressLookupTables,
  getCreateLookupTableInstructionFor,
  getExtendLookupTableInstructionsFor,
} from '@basket/sdk';
import type { Address, AddressesByLookupTableAddress, KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain.ts';

/**
 * Compute margin for one-shot set-up transactions: the SDK's measured costs of the canonical
 * deployment do not cover every PDA bump of the local program ids (a bump search is paid per
 * step below 255), and a set-up is rare enough that a generous limit costs nothing.
 */
export const SETUP_MARGIN_BPS = 10_000;

/** Resolves once the chain's slot has moved past `slot` (table entries are usable then). */
export async function waitForSlotAfter(chain: Chain, slot: bigint): Promise<void> {
  await waitFor(`the chain did not pass slot ${slot}`, async () =>
    (await chain.rpc.getSlot({ commitment: 'confirmed' }).send()) > slot ? true : null,
  );
}

/** Creates a table holding `addresses` (authority: `authority`), ready to use on return. */
export async function createLookupTable(
  chain: Chain,
  authority: KeyPairSigner,
  addresses: readonly Address[],
): Promise<Address> {
  const recentSlot = (await chain.rpc.getSlot({ commitment: 'confirmed' }).send()) - 1n;
  const create = await getCreateLookupTableInstructionFor({
    authority: authority.address,
    payer: authority,
    recentSlot,
  });
  await chain.land('create lookup table', authority, [create]);
  const unique = [...new Set(addresses)];
  for (const extend of getExtendLookupTableInstructionsFor({
    table: create.table,
    authority,
    payer: authority,
    addresses: unique,
  })) {
    await chain.land('extend lookup table', authority, [extend]);
  }
  await waitForSlotAfter(chain, await chain.rpc.getSlot({ commitment: 'confirmed' }).send());
  return create.table;
}

/** The tables as `buildTransactionMessage` takes them. */
export function loadLookupTables(
  chain: Chain,
  tables: readonly Address[],
): Promise<AddressesByLookupTableAddress> {
  return fetchAddressLookupTables(chain.rpc, tables, { commitment: 'confirmed' });
}
