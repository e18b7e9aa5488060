import {
  accountBytes,
  createIssuerMint,
  createMint,
  SYSTEM_PROGRAM_ADDRESS,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAccountSpace,
} from '@basket/test-harness';
import {
  VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET,
  VAULT_ERROR__ALREADY_INITIALIZED,
  VAULT_ERROR__DUPLICATE_MINT,
  VAULT_ERROR__INVALID_PDA,
  VAULT_ERROR__INVALID_SIGNER_SET,
  VAULT_ERROR__INVALID_TOKEN_PROGRAM,
  VAULT_ERROR__INVALID_WEIGHTS,
  VAULT_ERROR__TOKEN_PROGRAM_MISMATCH,
  VAULT_ERROR__UNSUPPORTED_DECIMALS,
  VAULT_ERROR__UNSUPPORTED_MINT_EXTENSION,
  VAULT_ERROR__WRONG_SNAPSHOT,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner, lamports } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  initVaultIx,
  MONDAY_15H,
  pda,
  readVault,
  setupBasket,
  skuBytes,
} from './fixture.ts';

/** An account's data (it must exist). */
function getAcc(b: Basket, address: Address): Uint8Array {
  const account = b.svm.getAccount(address);
  if (!account.exists) throw new Error(`${address} does not exist`);
  return Uint8Array.from(account.data);
}

/** Token-2022 mint bytes with one extension of the given type (value zeroed). */
function mintWithExtension(type: number, valueLen: number): Uint8Array {
  const data = new Uint8Array(165 + 1 + 4 + valueLen);
  data[44] = 8; // decimals
  data[45] = 1; // initialized
  data[165] = 1; // account type: mint
  new DataView(data.buffer).setUint16(166, type, true);
  new DataView(data.buffer).setUint16(168, valueLen, true);
  return data;
}

describe('init_vault', () => {
  let b: Basket;
  let allAccounts: Address[];

  beforeEach(async () => {
    b = await setupBasket();
    allAccounts = [b.vault, b.shareMint, b.cashHolding, ...b.holdings];
  });

  it('creates the state, share mint and holdings of a mixed SPL Token / Token-2022 basket', async () => {
    // Given three of the five admins (also the platform admins) signing
    // When the vault is initialized
    const r = await send(b.svm, [initVaultIx(b)], b.payer);

    // Then it succeeds and emits one event
    expect(r.error).toBeNull();
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    // And the state holds the configuration, with every asset Active and an empty book
    const s = readVault(b);
    expect(s.discriminator).toBe(1);
    expect(s.assetCount).toBe(3);
    expect(s.admins.threshold).toBe(3);
    expect(s.admins.keys).toEqual(b.admins.map((a) => a.address));
    expect(s.keeper).toBe(b.keeper.address);
    expect(s.treasury).toBe(b.treasury.address);
    expect(s.navSnapshot).toBe(b.snapshot);
    expect(s.stableMint).toBe(b.usdc.address);
    expect(s.shareMint).toBe(b.shareMint);
    expect(s.stableTokenProgram).toBe(0);
    expect([s.mgmtFeeBps, s.perfFeeBps, s.withdrawFeeBps]).toEqual([20, 1_000, 5]);
    expect(s.highWaterMarkPps).toBe(1_000_000_000_000n);
    expect(s.lastMgmtFeeTime).toBe(MONDAY_15H);
    expect(s.paused).toBe(0);
    expect(
      s.assets
        .slice(0, 3)
        .map((a) => [
          a.mint,
          a.tokenProgram,
          a.decimals,
          a.status,
          a.targetWeightBps,
          a.holdingsRaw,
        ]),
    ).toEqual([
      [b.assets[0]?.mint.address, 1, 8, 1, 5_000, 0n],
      [b.assets[1]?.mint.address, 0, 6, 1, 3_000, 0n],
      [b.assets[2]?.mint.address, 1, 9, 1, 2_000, 0n],
    ]);
    // And the share mint is a Token-2022 mint with 6 decimals, the vault as mint authority
    const share = b.svm.getAccount(b.shareMint);
    if (!share.exists) throw new Error('no share mint');
    expect(share.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    const shareData = Uint8Array.from(share.data);
    expect(shareData[44]).toBe(6);
    expect(shareData.slice(4, 36)).toEqual(
      new Uint8Array(b.svm.getAccount(b.vault).exists ? decodeAddress(b.vault) : []),
    );
    expect(shareData[46]).toBe(0); // no freeze authority
    // And each holding is a token account of its mint, owned by the vault, on the mint's program
    const holdings = [b.cashHolding, ...b.holdings];
    const mints = [b.usdc, ...b.assets.map((a) => a.mint)];
    holdings.forEach((h, i) => {
      const acc = b.svm.getAccount(h);
      if (!acc.exists) throw new Error(`holding ${i} missing`);
      expect(acc.programAddress).toBe(mints[i]?.tokenProgram);
      const d = Uint8Array.from(acc.data);
      expect(d.slice(0, 32)).toEqual(decodeAddress(mints[i]?.address as Address));
      expect(d.slice(32, 64)).toEqual(decodeAddress(b.vault));
      // Sized as the token program sizes an account of that mint: the issuer mints' holdings
      // carry TransferHookAccount and PausableAccount (175 bytes), SPL Token ones 165.
      const space =
        mints[i]?.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
          ? tokenAccountSpace(b.svm, mints[i]?.address as Address)
          : 165;
      expect(d.length, `holding ${i}`).toBe(space);
    });
    expect(Uint8Array.from(getAcc(b, b.holdings[0] as Address)).length).toBe(175);
    // Compute units of a 3-asset init (canonical-bump searches and 5 account creations).
    console.info(`init_vault (3 assets): ${r.computeUnits} CU, ${r.txBytes} bytes`);
    expect(r.computeUnits).toBeLessThan(200_000n);
  });

  it('rejects initialization signed by only 2 of 5 admins and creates nothing', async () => {
    const before = accountBytes(b.svm, allAccounts);
    const r = await send(b.svm, [initVaultIx(b, { signers: b.admins.slice(0, 2) })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(b.svm, allAccounts)).toEqual(before);
  });

  it('counts one admin signing three times once', async () => {
    const a = b.admins[0] as (typeof b.admins)[number];
    const r = await send(b.svm, [initVaultIx(b, { signers: [a, a, a] })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('cannot be front-run by a stranger installing their own admin set', async () => {
    // Given a stranger with five keys of their own (not the platform admins)
    const strangers = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    const before = accountBytes(b.svm, allAccounts);
    // When they initialize the SKU's vault with their set, three of them signing
    const r = await send(
      b.svm,
      [
        initVaultIx(b, {
          vaultAdmins: strangers.map((s) => s.address),
          signers: strangers.slice(0, 3),
        }),
      ],
      b.payer,
    );
    // Then the platform admin threshold is not met and nothing is created
    expect(r.customError).toBe(VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(b.svm, allAccounts)).toEqual(before);
  });

  it('rejects a second initialization', async () => {
    expect((await send(b.svm, [initVaultIx(b)], b.payer)).ok).toBe(true);
    const before = accountBytes(b.svm, allAccounts);
    const r = await send(b.svm, [initVaultIx(b, { signers: b.admins.slice(2, 5) })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__ALREADY_INITIALIZED);
    expect(accountBytes(b.svm, allAccounts)).toEqual(before);
  });

  it('still initializes when a stranger pre-funded the vault address', async () => {
    // Given lamports sent to the vault PDA before it exists
    b.svm.airdrop(b.vault, lamports(1_000_000n));
    // When initializing, Then the account is topped up, allocated and assigned
    const r = await send(b.svm, [initVaultIx(b)], b.payer);
    expect(r.error).toBeNull();
    expect(readVault(b).assetCount).toBe(3);
  });

  it('rejects what a vault cannot live with: transfer fee, non-transferable, interest-bearing, close authority, unknown', async () => {
    for (const [type, len] of [
      [1, 108],
      [9, 0],
      [10, 52],
      [3, 32],
      [77, 8],
    ] as const) {
      const bad = (await generateKeyPairSigner()).address;
      const data = mintWithExtension(type, len);
      b.svm.setAccount({
        address: bad,
        data,
        executable: false,
        lamports: lamports(b.svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        space: BigInt(data.length),
      });
      const holding = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, bad]);
      const accounts = [
        bad,
        holding,
        ...b.assets.slice(1).flatMap((a, i) => [a.mint.address, b.holdings[i + 1] as Address]),
      ];
      const r = await send(b.svm, [initVaultIx(b, { assetAccounts: accounts })], b.payer);
      expect(r.customError, `extension ${type}`).toBe(VAULT_ERROR__UNSUPPORTED_MINT_EXTENSION);
    }
  });

  it('refuses a real transfer-fee mint even at a zero fee (its authority can raise it at any time)', async () => {
    const issuer = await generateKeyPairSigner();
    const mint = await generateKeyPairSigner();
    const space = 165 + 1 + 4 + 108; // base, account type, TLV header, TransferFeeConfig
    const authority = decodeAddress(issuer.address);
    const feeConfig = new Uint8Array(2 + 33 + 33 + 2 + 8); // 0 bps, maximum fee 0
    feeConfig.set([26, 0, 1]); // TransferFeeExtension, InitializeTransferFeeConfig, Some(
    feeConfig.set(authority, 3); // config authority)
    feeConfig.set([1], 35);
    feeConfig.set(authority, 36); // Some(withdraw authority)
    const initMint = new Uint8Array(2 + 32 + 1);
    initMint.set([20, 8]); // InitializeMint2, 8 decimals
    initMint.set(authority, 2); // mint authority, no freeze authority
    const created = await send(
      b.svm,
      [
        getCreateAccountInstruction({
          payer: b.payer,
          newAccount: mint,
          lamports: lamports(b.svm.minimumBalanceForRentExemption(BigInt(space))),
          space,
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        }),
        ...[feeConfig, initMint].map((data) => ({
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
          accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
          data,
        })),
      ],
      b.payer,
    );
    expect(created.error).toBeNull();
    const data = getAcc(b, mint.address);
    expect(new DataView(data.buffer).getUint16(166, true)).toBe(1); // TransferFeeConfig
    expect(data.slice(166 + 4 + 64).every((x) => x === 0)).toBe(true); // every fee field 0
    const holding = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, mint.address]);
    const accounts = [
      mint.address,
      holding,
      ...b.assets.slice(1).flatMap((a, i) => [a.mint.address, b.holdings[i + 1] as Address]),
    ];
    const r = await send(b.svm, [initVaultIx(b, { assetAccounts: accounts })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__UNSUPPORTED_MINT_EXTENSION);
    expect(b.svm.getAccount(b.vault).exists).toBe(false);
  });

  it('rejects a declared token program that does not own the mint', async () => {
    // Given the Token-2022 xStock declared as an SPL Token asset
    const r = await send(b.svm, [initVaultIx(b, { tokenPrograms: [0, 0, 1] })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__TOKEN_PROGRAM_MISMATCH);
  });

  it('rejects a fake SPL Token program account', async () => {
    const r = await send(
      b.svm,
      [initVaultIx(b, { tokenProgram: SYSTEM_PROGRAM_ADDRESS })],
      b.payer,
    );
    expect(r.customError).toBe(VAULT_ERROR__INVALID_TOKEN_PROGRAM);
  });

  it('rejects the same mint listed twice and the stablecoin listed as an asset', async () => {
    const a0 = b.assets[0]?.mint.address as Address;
    const dup = [
      a0,
      b.holdings[0] as Address,
      a0,
      b.holdings[0] as Address,
      b.assets[2]?.mint.address as Address,
      b.holdings[2] as Address,
    ];
    const r = await send(
      b.svm,
      [initVaultIx(b, { assetAccounts: dup, tokenPrograms: [1, 1, 1] })],
      b.payer,
    );
    expect(r.customError).toBe(VAULT_ERROR__DUPLICATE_MINT);
    const withUsdc = [
      b.usdc.address,
      b.cashHolding,
      ...b.assets.slice(1).flatMap((a, i) => [a.mint.address, b.holdings[i + 1] as Address]),
    ];
    const r2 = await send(
      b.svm,
      [initVaultIx(b, { assetAccounts: withUsdc, tokenPrograms: [0, 0, 1] })],
      b.payer,
    );
    expect(r2.customError).toBe(VAULT_ERROR__DUPLICATE_MINT);
  });

  it('rejects a stablecoin without 6 decimals', async () => {
    const usd9 = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      decimals: 9,
    });
    const cash = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, usd9.address]);
    const r = await send(
      b.svm,
      [initVaultIx(b, { stableMint: usd9.address, cashHolding: cash })],
      b.payer,
    );
    expect(r.customError).toBe(VAULT_ERROR__UNSUPPORTED_DECIMALS);
  });

  it('rejects a vault address that is not the SKU PDA', async () => {
    const other = await pda(VAULT_PROGRAM_ADDRESS, ['vault', skuBytes('OTHER')]);
    const r = await send(b.svm, [initVaultIx(b, { vault: other })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_PDA);
  });

  it('rejects a snapshot address that is not the oracle PDA of the SKU', async () => {
    const other = await pda('G5Yb6T5wHVaMeeosZUohLziJFKw1jdU1ZUCAVMenw1sP' as Address, [
      'nav_snapshot',
      skuBytes('OTHER'),
    ]);
    const r = await send(b.svm, [initVaultIx(b, { snapshot: other })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__WRONG_SNAPSHOT);
  });

  it('refuses an admin threshold below 3 (the spec is 3 of 5; two keys never act alone)', async () => {
    const watched = [b.vault, b.shareMint, b.cashHolding, ...b.holdings];
    const before = accountBytes(b.svm, watched);
    for (const threshold of [0, 1, 2]) {
      const r = await send(b.svm, [initVaultIx(b, { threshold })], b.payer);
      expect(r.customError, `threshold ${threshold}`).toBe(VAULT_ERROR__INVALID_SIGNER_SET);
    }
    expect(accountBytes(b.svm, watched)).toEqual(before);
    expect((await send(b.svm, [initVaultIx(b, { threshold: 3 })], b.payer)).error).toBeNull();
  });

  it('rejects weights that do not sum to 10,000 bps', async () => {
    const r = await send(b.svm, [initVaultIx(b, { weights: [5_000, 3_000, 1_999] })], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_WEIGHTS);
  });

  it('initializes a vault with 20 assets within the compute budget', async () => {
    // Given 20 Token-2022 assets with multipliers
    const mints = [];
    for (let i = 0; i < 20; i++) {
      mints.push(await createIssuerMint(b.svm, b.payer, { decimals: 8, multiplier: 1 + i / 100 }));
    }
    const holdings = await Promise.all(
      mints.map((m) => pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, m.address])),
    );
    const ix = initVaultIx(b, {
      assetCount: 20,
      tokenPrograms: Array(20).fill(1),
      weights: Array(20).fill(500),
      assetAccounts: mints.flatMap((m, i) => [m.address, holdings[i] as Address]),
    });
    const { getSetComputeUnitLimitInstruction } = await import('@solana-program/compute-budget');
    const r = await send(
      b.svm,
      [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), ix],
      b.payer,
    );
    expect(r.error).toBeNull();
    console.info(
      `init_vault (20 assets): ${r.computeUnits} CU, ${r.txBytes} bytes without a lookup table`,
    );
    expect(readVault(b).assetCount).toBe(20);
  });
});

function decodeAddress(a: Address): Uint8Array {
  // Base58 decode through kit's encoder.
  return Uint8Array.from(addressEncoder.encode(a));
}

import { getAddressEncoder } from '@solana/kit';

const addressEncoder = getAddressEncoder();
