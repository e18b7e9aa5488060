// Address lookup tables for a SKU against LiteSVM: the SDK creates and extends a table with
// every static account of a 20-asset vault (even assets Token-2022 with non-unit
// multipliers), reads it back, and a 20-asset deposit compiled against it fits one packet
// (it does not without it) and lands.
import { fund, tokenAmount } from '@basket/test-harness';
import { type Address, type Blockhash, generateKeyPairSigner } from '@solana/kit';
import { SYSVAR_CLOCK_ADDRESS } from '@solana/sysvars';
import type { SlotHash } from 'litesvm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Basket,
  basketOf,
  newDepositor,
  SKU,
  treasuryAccounts,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
  buildTransactionMessage,
  decodeAddressLookupTable,
  fetchAddressLookupTables,
  getCreateLookupTableInstructionFor,
  getDepositInstructionFor,
  getDepositInstructionsFor,
  getExtendLookupTableInstructionsFor,
  getInitVaultInstructionFor,
  lookupTableAddressesToAdd,
  MAX_TRANSACTION_SIZE,
  rawAmount,
  TOKEN_PROGRAM_ADDRESS,
  transactionMessageSize,
  vaultLookupTableAddresses,
} from '../src/index.ts';
import { expectCostWithinModel, landAndCost } from './support/cost-check.ts';
import { sendMessage } from './support/send-message.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { readVault, USDC } from './support/vault-world.ts';

let b: Basket;
let table: Address;

function nextSlot() {
  const slot = b.svm.getClock().slot + 1n;
  b.svm.warpToSlot(slot);
  return slot;
}

describe('address lookup tables for a SKU', () => {
  beforeAll(async () => {
    b = await basketOf(20);
    // init_vault of 20 assets needs more than the default 200,000 units: the SDK sets them
    const init = await getInitVaultInstructionFor({
      payer: b.payer,
      sku: SKU,
      stableMint: b.usdc.address,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
      assets: b.assets.map((a) => ({
        mint: a.mint.address,
        tokenProgram: a.mint.tokenProgram,
        weightBps: a.weightBps,
      })),
      admins: b.admins.map((a) => a.address),
      threshold: 3,
      keeper: b.keeper.address,
      treasury: b.treasury.address,
      tradeAuthority: b.tradeAuthority.address,
      mgmtFeeBps: 20,
      perfFeeBps: 1_000,
      withdrawFeeBps: 5,
      cashBufferBps: 500,
      maxSlipBps: 50,
      depositCapUsd: 10_000_000_000_000n,
      minDepositRaw: 1_000_000n,
      adminSigners: b.admins.slice(0, 3),
    });
    const r = await landAndCost(b.svm, b.payer, [init]);
    expect(r.error).toBeNull();
    expectCostWithinModel(r, 'vault.init_vault (20 assets)');
    writeSnapshot(b);
  });

  it('creates and extends a table holding every static account of the vault', async () => {
    const authority = await generateKeyPairSigner();
    fund(b.svm, authority.address, 10n);
    // Given a recent slot in the SlotHashes sysvar
    b.svm.warpToSlot(1_000n);
    const hashes = b.svm.getSlotHashes();
    (hashes[0] as SlotHash).slot = 999n;
    b.svm.setSlotHashes(hashes);
    const vault = await readVault(b);
    const treasuryUsdc = (await treasuryAccounts(b)).usdc;
    const addresses = await vaultLookupTableAddresses(vault, {}, [treasuryUsdc, vault.address]);
    // 9 fixed accounts (the Clock sysvar among them), mint and holding per asset, the
    // treasury (duplicates dropped)
    expect(addresses).toHaveLength(9 + 2 * 20 + 1);
    expect(addresses).toContain(SYSVAR_CLOCK_ADDRESS);
    expect(addresses.at(-1)).toBe(treasuryUsdc);
    // When the SDK creates the table and extends it in chunks
    const create = await getCreateLookupTableInstructionFor({
      authority: authority.address,
      payer: authority,
      recentSlot: 999n,
    });
    table = create.table;
    const created = await landAndCost(b.svm, authority, [create]);
    expect(created.error).toBeNull();
    expectCostWithinModel(created, 'addressLookupTable.create');
    const extend = getExtendLookupTableInstructionsFor({
      table,
      authority,
      payer: authority,
      addresses,
    });
    expect(extend).toHaveLength(3);
    for (const ix of extend) {
      nextSlot();
      const r = await landAndCost(b.svm, authority, [ix]);
      expect(r.error).toBeNull();
      expectCostWithinModel(r, 'addressLookupTable.extend');
    }
    nextSlot();
    // Then the table holds them all, in order, under the lookup-table program
    const account = b.svm.getAccount(table);
    expect(account.exists && account.programAddress).toBe(ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS);
    const decoded = decodeAddressLookupTable(
      table,
      Uint8Array.from(account.exists ? account.data : []),
    );
    expect(decoded.addresses).toEqual(addresses);
    expect(decoded.authority).toBe(authority.address);
    expect(decoded.active).toBe(true);
    // and nothing is left to add
    expect(lookupTableAddressesToAdd(decoded.addresses, addresses)).toEqual([]);
    expect(lookupTableAddressesToAdd(decoded.addresses.slice(1), addresses)).toEqual([
      addresses[0],
    ]);
  });

  it('a 20-asset deposit compiled against the table fits 1,232 bytes and lands', async () => {
    const alice = await newDepositor(b, 1_000n * USDC);
    const vault = await readVault(b);
    const deposit = await getDepositInstructionFor({
      depositor: alice.signer,
      vault,
      source: alice.usdcAccount,
      destination: alice.shareAccount,
      rawAmount: rawAmount(100n * USDC),
      minSharesOut: 0n,
    });
    b.svm.expireBlockhash();
    const lifetime = {
      blockhash: b.svm.latestBlockhash() as Blockhash,
      lastValidBlockHeight: 1_000_000n,
    };
    const addressLookupTables = await fetchAddressLookupTables(svmRpc(b.svm), [table]);
    const build = (withTable: boolean) =>
      buildTransactionMessage({
        feePayer: alice.signer,
        lifetime,
        instructions: [deposit],
        priorityFeeMicroLamports: 1_000n,
        ...(withTable ? { addressLookupTables } : {}),
        // The vault's costs are checked in vault-builders.test.ts; margin for them here.
        computeMarginBps: 10_000,
      });
    const plainSize = transactionMessageSize(build(false));
    const compressedSize = transactionMessageSize(build(true));
    expect(compressedSize).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
    // each of the 20 asset mints (and the fixed vault accounts) shrinks to a one-byte index
    expect(plainSize - compressedSize).toBeGreaterThan(31 * 20);
    const r = await sendMessage(b.svm, build(true));
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount)).toBeGreaterThan(0n);
  });

  it("a fresh wallet's 20-asset deposit with its share ATA created needs the table to fit", async () => {
    const alice = await newDepositor(b, 1_000n * USDC);
    const flow = await getDepositInstructionsFor(
      {
        depositor: alice.signer,
        vault: await readVault(b),
        source: alice.usdcAccount,
        rawAmount: rawAmount(50n * USDC),
        minSharesOut: 0n,
      },
      { rpc: svmRpc(b.svm) },
    );
    expect(flow.instructions).toHaveLength(2);
    b.svm.expireBlockhash();
    const lifetime = {
      blockhash: b.svm.latestBlockhash() as Blockhash,
      lastValidBlockHeight: 1_000_000n,
    };
    const addressLookupTables = await fetchAddressLookupTables(svmRpc(b.svm), [table]);
    const build = (withTable: boolean) =>
      buildTransactionMessage({
        feePayer: alice.signer,
        lifetime,
        instructions: flow.instructions,
        priorityFeeMicroLamports: 1_000n,
        ...(withTable ? { addressLookupTables } : {}),
        computeMarginBps: 10_000,
      });
    expect(transactionMessageSize(build(false))).toBeGreaterThan(MAX_TRANSACTION_SIZE);
    expect(transactionMessageSize(build(true))).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
    const r = await sendMessage(b.svm, build(true));
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, flow.accounts.shares)).toBeGreaterThan(0n);
  });

  it('refuses to read an account that is not a lookup table', async () => {
    const vault = await readVault(b);
    await expect(fetchAddressLookupTables(svmRpc(b.svm), [vault.address])).rejects.toThrow(
      /not the lookup-table program/,
    );
  });
});
