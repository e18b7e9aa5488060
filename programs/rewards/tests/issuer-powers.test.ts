// The issuer's powers over a reward mint, exercised on a real Token-2022 mint with the
// issuer's extensions (ScaledUiAmount 1.0571, permanent delegate, pausable, default account
// state Initialized, confidential-transfer mint with auto-approve off and no auditor,
// transfer hook with no program set, metadata pointer; freeze authority): a seizure from an
// epoch holding, a pause, a freeze. Claims never pay more than the holding really has and
// never fail for the other mints; what is owed is paid once it can move.
import { fromClaims } from '@basket/merkle';
import {
  getClaimStatusDecoder,
  getEpochDecoder,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  createTokenAccount,
  fund,
  getCreateAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  mintTo,
  newKeyPairSigner,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  type AccountMeta,
  AccountRole,
  type Address,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Claimant, PostedEpoch } from './claim-world.ts';
import { claimOf } from './claim-world.ts';
import {
  claimStatusAddress,
  DAY,
  distributeIx,
  epochPda,
  type Fixture,
  setRewardMintsIx,
  setup,
  sweepIx,
  T0,
  XSTOCK_MULTIPLIER,
} from './fixture.ts';
import { send } from './measured.ts';

// Token-2022 instruction tags (mint extensions initialized before InitializeMint2).
const INITIALIZE_PERMANENT_DELEGATE = 35;
const PAUSABLE_EXTENSION = 44;
const DEFAULT_ACCOUNT_STATE_EXTENSION = 28;
const CONFIDENTIAL_TRANSFER_EXTENSION = 27;
const TRANSFER_HOOK_EXTENSION = 36;
const METADATA_POINTER_EXTENSION = 39;
const BURN_CHECKED = 15;
/**
 * Mint: base 165 + account type + ScaledUiAmount (4+56) + PermanentDelegate (4+32) + Pausable
 * (4+33) + DefaultAccountState (4+1) + ConfidentialTransferMint (4+65) + TransferHook (4+64)
 * + MetadataPointer (4+64).
 */
const MINT_SPACE = 165 + 1 + 60 + 36 + 37 + 5 + 69 + 68 + 68;
/** Token account: base 165 + account type + PausableAccount (4+0) + TransferHookAccount (4+1). */
const ACCOUNT_SPACE = 165 + 1 + 4 + 5;

const signerMeta = (s: KeyPairSigner): AccountMeta =>
  ({ address: s.address, role: AccountRole.READONLY_SIGNER, signer: s }) as AccountMeta;

async function ok(f: Fixture, ixs: Instruction[], payer = f.payer) {
  const r = await send(f.svm, ixs, payer);
  if (!r.ok) throw new Error(r.error ?? 'failed');
  return r;
}

async function issuerStock(f: Fixture, issuer: KeyPairSigner): Promise<TestMint> {
  const mint = await newKeyPairSigner();
  const key = getAddressEncoder().encode(issuer.address);
  await ok(f, [
    getCreateAccountInstruction({
      payer: f.payer,
      newAccount: mint,
      lamports: f.svm.minimumBalanceForRentExemption(BigInt(MINT_SPACE)),
      space: MINT_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeScaledUiAmountInstruction({
      mint: mint.address,
      authority: issuer.address,
      multiplier: XSTOCK_MULTIPLIER,
    }),
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([INITIALIZE_PERMANENT_DELEGATE, ...key]),
    },
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([PAUSABLE_EXTENSION, 0, ...key]),
    },
    // Default state Initialized (1); the Frozen variant is the deferral tests' freeze.
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.of(DEFAULT_ACCOUNT_STATE_EXTENSION, 0, 1),
    },
    // Confidential transfers: authority = issuer, auto-approve off, no auditor key.
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([CONFIDENTIAL_TRANSFER_EXTENSION, 0, ...key, 0, ...new Uint8Array(32)]),
    },
    // Transfer hook: authority = issuer, no program set.
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([TRANSFER_HOOK_EXTENSION, 0, ...key, ...new Uint8Array(32)]),
    },
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([
        METADATA_POINTER_EXTENSION,
        0,
        ...key,
        ...getAddressEncoder().encode(mint.address),
      ]),
    },
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: 8,
      mintAuthority: f.payer.address,
      freezeAuthority: issuer.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
  ]);
  return {
    address: mint.address,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 8,
    authority: f.payer,
  };
}

async function stockAccount(f: Fixture, mint: TestMint, owner: Address): Promise<Address> {
  const account = await newKeyPairSigner();
  await ok(f, [
    getCreateAccountInstruction({
      payer: f.payer,
      newAccount: account,
      lamports: f.svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_SPACE)),
      space: ACCOUNT_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeAccount3Instruction({
      account: account.address,
      mint: mint.address,
      owner,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
  ]);
  return account.address;
}

/** The permanent delegate burns `amount` from any holder's account. */
function seize(mint: TestMint, issuer: KeyPairSigner, from: Address, amount: bigint): Instruction {
  const data = new Uint8Array(10);
  data[0] = BURN_CHECKED;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = mint.decimals;
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: from, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.WRITABLE },
      signerMeta(issuer),
    ],
    data,
  };
}

function pause(mint: TestMint, issuer: KeyPairSigner, paused: boolean): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint.address, role: AccountRole.WRITABLE }, signerMeta(issuer)],
    data: Uint8Array.of(PAUSABLE_EXTENSION, paused ? 1 : 2),
  };
}

/** The issuer's FreezeAccount (10) / ThawAccount (11). */
function freeze(
  mint: TestMint,
  issuer: KeyPairSigner,
  account: Address,
  frozen: boolean,
): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.READONLY },
      signerMeta(issuer),
    ],
    data: Uint8Array.of(frozen ? 10 : 11),
  };
}

async function deferredOf(f: Fixture, claimant: Address): Promise<number> {
  const acc = f.svm.getAccount(await claimStatusAddress(1n, claimant));
  if (!acc.exists) throw new Error('no claim status');
  return getClaimStatusDecoder().decode(Uint8Array.from(acc.data)).deferred;
}

describe('issuer powers over a reward mint', () => {
  let f: Fixture;
  let issuer: KeyPairSigner;
  let stock: TestMint;
  let e: PostedEpoch;
  // Claimant 0 is owed 600 stock units, claimant 1 400; the legacy mint pays 10 and 20.
  const AMOUNTS = [
    [600_000_000n, 10_000_000n],
    [400_000_000n, 20_000_000n],
  ];

  beforeEach(async () => {
    f = await setup();
    issuer = await newKeyPairSigner();
    fund(f.svm, issuer.address);
    stock = await issuerStock(f, issuer);
    await ok(f, [setRewardMintsIx(f, [stock.address, f.legacy.address], f.admins.slice(0, 3))]);
    const epoch = await epochPda(1n);
    const holdings = [await stockAccount(f, stock, epoch)];
    holdings.push(await createTokenAccount(f.svm, f.payer, f.legacy, epoch));
    await mintTo(f.svm, f.payer, stock, holdings[0] as Address, 1_000_000_000n);
    await mintTo(f.svm, f.payer, f.legacy, holdings[1] as Address, 30_000_000n);
    const claimants: Claimant[] = [];
    for (let i = 0; i < 2; i++) {
      const signer = await newKeyPairSigner();
      fund(f.svm, signer.address);
      claimants.push({
        signer,
        destinations: [
          await stockAccount(f, stock, signer.address),
          await createTokenAccount(f.svm, f.payer, f.legacy, signer.address),
        ],
      });
    }
    const distribution = fromClaims({
      programId: REWARDS_PROGRAM_ADDRESS,
      epochId: 1n,
      rewardMints: [stock.address, f.legacy.address],
      totals: [1_000_000_000n, 30_000_000n],
      claims: AMOUNTS.map((amounts, i) => ({ claimant: claimants[i]!.signer.address, amounts })),
    });
    await ok(
      f,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: distribution.root,
          totals: [1_000_000_000n, 30_000_000n],
          mints: [stock, f.legacy],
          holdings,
        }),
      ],
      f.keeper,
    );
    e = { epochId: 1n, mints: [stock, f.legacy], holdings, distribution, claimants };
  });

  it('after a seizure, pays in full while the holding suffices and defers the claimant it cannot cover', async () => {
    // Given the permanent delegate burns half of the epoch's stock holding (500 of 1,000)
    await ok(f, [seize(stock, issuer, e.holdings[0] as Address, 500_000_000n)]);
    const [first, second] = e.claimants;
    // When claimant 0 (600 owed) claims
    await ok(f, [await claimOf(f, e, 0)], first!.signer);
    // Then the stock is deferred (only 500 are really there), the legacy reward paid
    expect(tokenAmount(f.svm, first!.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, first!.destinations[1] as Address)).toBe(10_000_000n);
    expect(await deferredOf(f, first!.signer.address)).toBe(1);
    // When claimant 1 (400 owed) claims, Then it is paid in full from what is really there
    await ok(f, [await claimOf(f, e, 1)], second!.signer);
    expect(tokenAmount(f.svm, second!.destinations[0] as Address)).toBe(400_000_000n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(100_000_000n);
    // When the keeper refunds the holding, Then claimant 0's same proof pays the 600 owed
    await mintTo(f.svm, f.payer, stock, e.holdings[0] as Address, 500_000_000n);
    await ok(f, [await claimOf(f, e, 0)], first!.signer);
    expect(tokenAmount(f.svm, first!.destinations[0] as Address)).toBe(600_000_000n);
    expect(await deferredOf(f, first!.signer.address)).toBe(0);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(0n);
  });

  it('defers a paused mint, pays it after the issuer resumes it', async () => {
    // Given the issuer paused the stock
    await ok(f, [pause(stock, issuer, true)]);
    const who = e.claimants[1]!;
    // When claimant 1 claims, Then only the legacy reward moves
    await ok(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(20_000_000n);
    expect(await deferredOf(f, who.signer.address)).toBe(1);
    // When resumed, the same proof pays the stock
    await ok(f, [pause(stock, issuer, false)]);
    await ok(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(400_000_000n);
  });

  it('the epoch records the stock as pausable and the legacy mint as not', async () => {
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('no epoch');
    expect(getEpochDecoder().decode(Uint8Array.from(acc.data)).pausable).toBe(1);
  });

  it('the epoch pays a mint carrying the issuer extension types', () => {
    const mint = f.svm.getAccount(stock.address);
    if (!mint.exists) throw new Error('no mint');
    const data = Uint8Array.from(mint.data);
    const view = new DataView(data.buffer);
    const types: number[] = [];
    for (let at = 166; at + 4 <= data.length; ) {
      const type = view.getUint16(at, true);
      if (type === 0) break;
      types.push(type);
      at += 4 + view.getUint16(at + 2, true);
    }
    // ScaledUiAmount, PermanentDelegate, Pausable, DefaultAccountState,
    // ConfidentialTransferMint, TransferHook, MetadataPointer
    expect(types.sort((a, b) => a - b)).toEqual([4, 6, 12, 14, 18, 25, 26]);
  });

  it('a frozen holding fails only the sweep that names it; swept later once thawed', async () => {
    // Given the issuer froze the stock holding and the claim window is over
    await ok(f, [freeze(stock, issuer, e.holdings[0] as Address, true)]);
    setUnixTime(f.svm, T0 + 90n * DAY);
    const stockTreasury = await stockAccount(f, stock, f.payer.address);
    const legacyTreasury = await createTokenAccount(f.svm, f.payer, f.legacy, f.payer.address);
    const sweep = (mints: TestMint[], holdings: Address[], destinations: Address[]) =>
      sweepIx(f, { epochId: 1n, mints, holdings, destinations, signers: f.admins.slice(0, 3) });
    // When the admins sweep the stock, Then the token program refuses the frozen account
    const refused = await send(
      f.svm,
      [await sweep([stock], [e.holdings[0] as Address], [stockTreasury])],
      f.payer,
    );
    expect(refused.ok).toBe(false);
    // When they sweep the legacy mint alone, Then it moves
    await ok(f, [await sweep([f.legacy], [e.holdings[1] as Address], [legacyTreasury])]);
    expect(tokenAmount(f.svm, legacyTreasury)).toBe(30_000_000n);
    // When the holding is thawed, Then the swept epoch's stock can still be swept
    await ok(f, [freeze(stock, issuer, e.holdings[0] as Address, false)]);
    await ok(f, [await sweep([stock], [e.holdings[0] as Address], [stockTreasury])]);
    expect(tokenAmount(f.svm, stockTreasury)).toBe(1_000_000_000n);
  });

  it('a sweep after a seizure moves what the holding really has left', async () => {
    // Given a seizure of 300 and one claim of 400 paid
    await ok(f, [seize(stock, issuer, e.holdings[0] as Address, 300_000_000n)]);
    await ok(f, [await claimOf(f, e, 1)], e.claimants[1]!.signer);
    // When the admins sweep after the claim window
    setUnixTime(f.svm, T0 + 90n * DAY);
    const treasury = await stockAccount(f, stock, f.payer.address);
    const r = await send(
      f.svm,
      [
        await sweepIx(f, {
          epochId: 1n,
          mints: [stock],
          holdings: [e.holdings[0] as Address],
          destinations: [treasury],
          signers: f.admins.slice(0, 3),
        }),
      ],
      f.payer,
    );
    // Then the 300 really left moves (1,000 - 300 seized - 400 paid), not the booked 600
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, treasury)).toBe(300_000_000n);
  });
});
