// The market maker's co-signature over the taker's wrapped message (rfq-cosign.ts), on
// messages built here (no chain): the fill's compute budget, which the taker asked for with
// the quote (decision 0930), must be the wrapped message's exactly.
import { setComputeBudget } from '@basket/sdk';
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { cosignWrappedFill } from '../src/chain/rfq-cosign.ts';

const lifetime = {
  blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash,
  lastValidBlockHeight: 100n,
};
const MINT = 'So11111111111111111111111111111111111111112' as Address;
const TAKER = 'Vote111111111111111111111111111111111111111' as Address;
const TAKER_PROGRAM = 'Stake11111111111111111111111111111111111111' as Address;

type Budget = { computeUnitLimit: number; microLamportsPerCu: bigint } | null;

function message(feePayer: Address, instructions: Instruction[], budget: Budget) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => (budget ? setComputeBudget(m, budget) : m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
}

async function setup(budget: Budget) {
  const maker = await generateKeyPairSigner();
  const fill = getTransferCheckedInstruction({
    source: maker.address,
    mint: MINT,
    destination: TAKER,
    authority: maker,
    amount: 5n,
    decimals: 6,
  });
  const original = await partiallySignTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(maker, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => (budget ? setComputeBudget(m, budget) : m),
      (m) => appendTransactionMessageInstructions([fill], m),
    ),
  );
  // The taker's own instructions around the fill (they never name the maker).
  const leg: Instruction = { programAddress: TAKER_PROGRAM, data: new Uint8Array([1]) };
  const settle: Instruction = { programAddress: TAKER_PROGRAM, data: new Uint8Array([2]) };
  const wrapped = (b: Budget) =>
    getBase64EncodedWireTransaction(
      compileTransaction(message(maker.address, [leg, fill, settle], b)),
    );
  return { maker, original: getBase64EncodedWireTransaction(original), wrapped };
}

describe("the maker co-signs only the fill's compute budget", () => {
  const asked = { computeUnitLimit: 180_000, microLamportsPerCu: 25_000n };

  it('signs a wrapped message carrying exactly the limit and price of its fill', async () => {
    const s = await setup(asked);
    const r = await cosignWrappedFill(s.maker, s.original, s.wrapped(asked));
    expect(r.ok).toBe(true);
  });

  it.each([
    ['a higher price', { ...asked, microLamportsPerCu: 25_001n }],
    ['a higher limit', { ...asked, computeUnitLimit: 180_001 }],
    ['no budget at all', null],
  ])('refuses %s (WrongComputeBudget)', async (_what, budget) => {
    const s = await setup(asked);
    const r = await cosignWrappedFill(s.maker, s.original, s.wrapped(budget));
    expect(r).toMatchObject({ ok: false, refusal: 'WrongComputeBudget' });
  });

  it('a fill asked without a budget: a limit is allowed, a price the maker never offered is not', async () => {
    const s = await setup(null);
    // SetComputeUnitLimit (tag 2, u32 little-endian): 200,000 units.
    const limit: Instruction = {
      programAddress: 'ComputeBudget111111111111111111111111111111' as Address,
      data: new Uint8Array([2, 0x40, 0x0d, 0x03, 0x00]),
    };
    const limitOnly = getBase64EncodedWireTransaction(
      compileTransaction(message(s.maker.address, [limit, ...fillOf(s.original)], null)),
    );
    expect((await cosignWrappedFill(s.maker, s.original, limitOnly)).ok).toBe(true);
    expect(await cosignWrappedFill(s.maker, s.original, s.wrapped(asked))).toMatchObject({
      ok: false,
      refusal: 'WrongComputeBudget',
    });
  });
});

/** The fill's own instructions, decoded back from the maker's transaction. */
function fillOf(base64: string): Instruction[] {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  return [...decompileTransactionMessage(compiled).instructions];
}
