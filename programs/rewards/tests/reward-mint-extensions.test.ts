// Which Token-2022 extensions a reward mint may carry (distribute_epoch checks them): the
// issuer's tokenized-stock set is accepted, each extension handled on purpose (see
// docs/rewards.md); what changes what a transfer delivers is refused with
// UnsupportedMintExtension (113). Mints and holdings are written as bytes here so each
// extension is tried alone; the end-to-end claims run on real mints in the other suites.
import { TOKEN_2022_PROGRAM_ADDRESS } from '@basket/test-harness';
import { type Address, generateKeyPairSigner, getAddressEncoder, lamports } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { distributeIx, epochPda, type Fixture, setRewardMintsIx, setup } from './fixture.ts';
import { send } from './measured.ts';

const UNSUPPORTED_MINT_EXTENSION = 113;

function mintWithExtension(type: number, valueLen: number): Uint8Array {
  const data = new Uint8Array(165 + 1 + 4 + valueLen);
  data[44] = 8; // decimals
  data[45] = 1; // initialized
  data[165] = 1; // account type: mint
  new DataView(data.buffer).setUint16(166, type, true);
  new DataView(data.buffer).setUint16(168, valueLen, true);
  return data;
}

function holdingOf(mint: Address, owner: Address, amount: bigint): Uint8Array {
  const data = new Uint8Array(165);
  const enc = getAddressEncoder();
  data.set(enc.encode(mint), 0);
  data.set(enc.encode(owner), 32);
  new DataView(data.buffer).setBigUint64(64, amount, true);
  data[108] = 1; // initialized
  return data;
}

function put(f: Fixture, address: Address, data: Uint8Array) {
  f.svm.setAccount({
    address,
    data,
    executable: false,
    lamports: lamports(f.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
}

describe('reward mint extensions at distribute_epoch', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await setup();
  });

  async function distributeWith(type: number, len: number) {
    const mint = (await generateKeyPairSigner()).address;
    const holding = (await generateKeyPairSigner()).address;
    put(f, mint, mintWithExtension(type, len));
    put(f, holding, holdingOf(mint, await epochPda(1n), 1_000n));
    const allow = await send(f.svm, [setRewardMintsIx(f, [mint], f.admins.slice(0, 3))], f.payer);
    expect(allow.error).toBeNull();
    const ix = await distributeIx(f, {
      epochId: 1n,
      root: new Uint8Array(32).fill(7),
      totals: [1_000n],
      mints: [
        {
          address: mint,
          tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
          decimals: 8,
          authority: f.payer,
        },
      ],
      holdings: [holding],
    });
    return send(f.svm, [ix], f.keeper);
  }

  for (const [name, type, len] of [
    ['permanent delegate', 12, 32],
    ['default account state', 6, 1],
    ['confidential-transfer mint', 4, 65],
    ['transfer hook', 14, 64],
    ['pausable', 26, 33],
  ] as const) {
    it(`accepts a reward mint with the issuer's ${name} extension`, async () => {
      const r = await distributeWith(type, len);
      expect(r.error).toBeNull();
    });
  }

  for (const [name, type, len] of [
    ['a transfer fee', 1, 108],
    ['non-transferable', 9, 0],
    ['interest-bearing', 10, 52],
    ['an unknown extension type', 99, 4],
  ] as const) {
    it(`refuses a reward mint with ${name} and posts nothing`, async () => {
      const r = await distributeWith(type, len);
      expect(r.customError).toBe(UNSUPPORTED_MINT_EXTENSION);
      expect(f.svm.getAccount(await epochPda(1n)).exists).toBe(false);
    });
  }
});
