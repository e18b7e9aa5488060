// The market maker's second signature: the taker (the basket vault's keeper) must wrap the
// fill between its own instructions (rebalance_leg before, rebalance_settle after), which
// changes the message the maker signed. The maker signs the wrapped message only if its fill
// is in it unchanged and in order, on the same blockhash, with the maker as fee payer, and if
// no other instruction names the maker (so nothing else can spend from its accounts). The fill's
// compute budget (the limit and price the taker asked for, decision 0930) is the whole
// message's: the wrapped message must carry exactly those compute-budget instructions and no
// other, so the maker pays the fee it agreed to; a fill without one allows a limit, no price.
import {
  type Address,
  decompileTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransaction,
  type Transaction,
} from '@solana/kit';

/** Why a wrapped message was refused (the API answers 422 with this code). */
export type CosignRefusal =
  | 'UndecodableTransaction'
  | 'WrongFeePayer'
  | 'WrongBlockhash'
  | 'FillChanged'
  | 'MakerNamedOutsideFill'
  | 'WrongComputeBudget';

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/** ComputeBudget's SetComputeUnitPrice tag. */
const SET_COMPUTE_UNIT_PRICE = 3;
const isBudget = (ix: Instruction) => ix.programAddress === COMPUTE_BUDGET_PROGRAM;
const budgetKeys = (ixs: readonly Instruction[]) =>
  ixs
    .filter(isBudget)
    .map((ix) => Buffer.from(ix.data ?? []).toString('hex'))
    .sort();

function decode(base64: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const message = decompileTransactionMessage(compiled);
  return { transaction, compiled, message };
}

const sameInstruction = (a: Instruction, b: Instruction) =>
  a.programAddress === b.programAddress &&
  (a.accounts ?? []).length === (b.accounts ?? []).length &&
  (a.accounts ?? []).every((m, i) => m.address === b.accounts?.[i]?.address) &&
  Buffer.from(a.data ?? []).equals(Buffer.from(b.data ?? []));

/**
 * Checks a wrapped fill against the original and, if it passes, adds the maker's signature.
 *
 * @example
 * const r = await cosignWrappedFill(maker, fill.transaction, body.transaction);
 * if (r.ok) track(r.signature);
 */
export async function cosignWrappedFill(
  maker: KeyPairSigner,
  originalBase64: string,
  wrappedBase64: string,
): Promise<
  | Readonly<{ ok: true; transaction: string; signature: string }>
  | Readonly<{ ok: false; refusal: CosignRefusal; message: string }>
> {
  const original = decode(originalBase64);
  let wrapped: ReturnType<typeof decode>;
  try {
    wrapped = decode(wrappedBase64);
  } catch {
    return { ok: false, refusal: 'UndecodableTransaction', message: 'not a v0 transaction' };
  }
  if (wrapped.compiled.staticAccounts[0] !== maker.address) {
    return { ok: false, refusal: 'WrongFeePayer', message: 'the market maker must pay the fee' };
  }
  if (wrapped.compiled.lifetimeToken !== original.compiled.lifetimeToken) {
    return { ok: false, refusal: 'WrongBlockhash', message: "keep the fill's blockhash" };
  }
  const fill = original.message.instructions.filter((ix) => !isBudget(ix));
  const all = wrapped.message.instructions.filter((ix) => !isBudget(ix));
  const asked = budgetKeys(original.message.instructions);
  const given = budgetKeys(wrapped.message.instructions);
  const budgetOk =
    asked.length > 0
      ? asked.length === given.length && asked.every((k, i) => k === given[i])
      : wrapped.message.instructions
          .filter(isBudget)
          .every((ix) => (ix.data ?? [])[0] !== SET_COMPUTE_UNIT_PRICE);
  if (!budgetOk) {
    return {
      ok: false,
      refusal: 'WrongComputeBudget',
      message: "carry exactly the fill's compute-unit limit and price",
    };
  }
  const start = all.findIndex((_, i) =>
    fill.every((ix, j) => all[i + j] !== undefined && sameInstruction(ix, all[i + j] as never)),
  );
  if (start < 0) {
    return { ok: false, refusal: 'FillChanged', message: 'the fill must appear unchanged' };
  }
  const outside = all.filter((_, i) => i < start || i >= start + fill.length);
  if (
    outside.some((ix) => (ix.accounts ?? []).some((m) => m.address === (maker.address as Address)))
  ) {
    return {
      ok: false,
      refusal: 'MakerNamedOutsideFill',
      message: 'only the fill may name the market maker',
    };
  }
  const signed = await partiallySignTransaction(
    [maker.keyPair],
    wrapped.transaction as Transaction,
  );
  return {
    ok: true,
    transaction: getBase64EncodedWireTransaction(signed),
    signature: getSignatureFromTransaction(signed),
  };
}
