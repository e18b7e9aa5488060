// The issuer's powers over a reward mint, exercised on the harness's issuer mint (the full
// extension set: metadata, permanent delegate, default account state Initialized, pausable,
// confidential-transfer mint with auto-approve off, transfer hook unset, ScaledUiAmount
// 1.0571; the issuer holds every authority): a seizure from an epoch holding, a pause, a
// freeze. Claims never pay more than the holding really has (after a seizure, each its part
// of the real balance: tests/seizure-pro-rata.test.ts) and never fail for the other mints;
// what is deferred is paid once it can move.
import {
  createTokenAccount,
  delegateBurnInstruction,
  freezeInstruction,
  type IssuerMint,
  mintTo,
  pauseInstruction,
  setUnixTime,
  type TestMint,
  tokenAmount,
} from '@basket/test-harness';
import { type Address, getAddressDecoder } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  claimOf,
  deferredOf,
  epochOf,
  type PostedEpoch,
  postEpoch,
  sendOk,
} from './claim-world.ts';
import { DAY, type Fixture, setup, sweepIx, T0 } from './fixture.ts';
import { send } from './measured.ts';

describe('issuer powers over a reward mint', () => {
  let f: Fixture;
  let stock: IssuerMint;
  let e: PostedEpoch;
  // Claimant 0 is owed 600 stock units, claimant 1 400; the legacy mint pays 10 and 20.
  const AMOUNTS = [
    [600_000_000n, 10_000_000n],
    [400_000_000n, 20_000_000n],
  ];

  beforeEach(async () => {
    f = await setup();
    stock = f.xStock;
    e = await postEpoch(f, { epochId: 1n, mints: [stock, f.legacy], amounts: AMOUNTS });
  });

  it('after a seizure, pays each claimant its part of what is really there; a refund pays the rest in full', async () => {
    // Given the permanent delegate burns half of the epoch's stock holding (500 of 1,000)
    await sendOk(f, [delegateBurnInstruction(stock, e.holdings[0] as Address, 500_000_000n)]);
    const [first, second] = e.claimants;
    // When claimant 0 (600 owed) claims
    await sendOk(f, [await claimOf(f, e, 0)], first!.signer);
    // Then it is paid 600 x 500 / 1,000 and settled (not deferred), the legacy reward in full
    expect(tokenAmount(f.svm, first!.destinations[0] as Address)).toBe(300_000_000n);
    expect(tokenAmount(f.svm, first!.destinations[1] as Address)).toBe(10_000_000n);
    expect(await deferredOf(f, 1n, first!.signer.address)).toBe(0);
    // When the keeper refunds what was burned before claimant 1 (400 owed) claims
    await mintTo(f.svm, f.payer, stock, e.holdings[0] as Address, 500_000_000n);
    await sendOk(f, [await claimOf(f, e, 1)], second!.signer);
    // Then the holding covers everything still owed: claimant 1 is paid in full, and what
    // claimant 0 was short stays for the sweep (its ClaimShortfall event says how much)
    expect(tokenAmount(f.svm, second!.destinations[0] as Address)).toBe(400_000_000n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(300_000_000n);
  });

  it('defers a paused mint, pays it after the issuer resumes it', async () => {
    // Given the issuer paused the stock
    await sendOk(f, [pauseInstruction(stock, true)]);
    const who = e.claimants[1]!;
    // When claimant 1 claims, Then only the legacy reward moves
    await sendOk(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(20_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
    // When resumed, the same proof pays the stock
    await sendOk(f, [pauseInstruction(stock, false)]);
    await sendOk(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(400_000_000n);
  });

  it('the epoch records the stock as pausable and the legacy mint as not', async () => {
    expect((await epochOf(f, 1n)).pausable).toBe(1);
  });

  it('the epoch pays a mint carrying the issuer extension types, minted by the issuer', () => {
    const mint = f.svm.getAccount(stock.address);
    if (!mint.exists) throw new Error('no mint');
    const data = Uint8Array.from(mint.data);
    // The mint authority (COption at [0..36]) is the issuer's key, not the test's payer
    expect(getAddressDecoder().decode(data.subarray(4, 36))).toBe(stock.issuer.address);
    expect(stock.issuer.address).not.toBe(f.payer.address);
    const view = new DataView(data.buffer);
    const types: number[] = [];
    for (let at = 166; at + 4 <= data.length; ) {
      const type = view.getUint16(at, true);
      if (type === 0) break;
      types.push(type);
      at += 4 + view.getUint16(at + 2, true);
    }
    // ConfidentialTransferMint, DefaultAccountState, PermanentDelegate, TransferHook,
    // MetadataPointer, TokenMetadata, ScaledUiAmount, Pausable
    expect(types.sort((a, b) => a - b)).toEqual([4, 6, 12, 14, 18, 19, 25, 26]);
  });

  it('a frozen holding fails only the sweep that names it; swept later once thawed', async () => {
    // Given the issuer froze the stock holding and the claim window is over
    await sendOk(f, [freezeInstruction(stock, e.holdings[0] as Address, true)]);
    setUnixTime(f.svm, T0 + 90n * DAY);
    const stockTreasury = await createTokenAccount(f.svm, f.payer, stock, f.payer.address);
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
    await sendOk(f, [await sweep([f.legacy], [e.holdings[1] as Address], [legacyTreasury])]);
    expect(tokenAmount(f.svm, legacyTreasury)).toBe(30_000_000n);
    // When the holding is thawed, Then the swept epoch's stock can still be swept
    await sendOk(f, [freezeInstruction(stock, e.holdings[0] as Address, false)]);
    await sendOk(f, [await sweep([stock], [e.holdings[0] as Address], [stockTreasury])]);
    expect(tokenAmount(f.svm, stockTreasury)).toBe(1_000_000_000n);
  });

  it('a sweep after a seizure moves what the holding really has left', async () => {
    // Given a seizure of 300 and one claim of 400 paid its part: 400 x 700 / 1,000 = 280
    await sendOk(f, [delegateBurnInstruction(stock, e.holdings[0] as Address, 300_000_000n)]);
    await sendOk(f, [await claimOf(f, e, 1)], e.claimants[1]!.signer);
    // When the admins sweep after the claim window
    setUnixTime(f.svm, T0 + 90n * DAY);
    const treasury = await createTokenAccount(f.svm, f.payer, stock, f.payer.address);
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
    // Then the 420 really left moves (1,000 - 300 seized - 280 paid), not the booked 600
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, e.claimants[1]!.destinations[0] as Address)).toBe(280_000_000n);
    expect(tokenAmount(f.svm, treasury)).toBe(420_000_000n);
  });
});
