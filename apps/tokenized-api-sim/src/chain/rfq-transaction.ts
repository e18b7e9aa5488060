// The RFQ's answer on the local chain: one v0 transaction swapping the stock against the
// stablecoin between the market maker and the taker, signed by the market maker (fee payer)
// and waiting for the taker's signature, bound to a recent blockhash and expiring with it.
import {
  findAssociatedTokenAddress,
  getCreateAssociatedTokenAccountInstructionFor,
  resolveTransferHookAccounts,
  setComputeBudget,
} from '@basket/sdk';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import type { RfqComputeBudget } from '../quote-book.ts';
import type { FillParts, TamperedFill } from './adversarial-fills.ts';
import { multiplierAt, parseMint } from './mint-state.ts';
import { type FillAmounts, fillAmounts } from './rfq-amounts.ts';
import type { WorldChain, WorldStock } from './world-chain.ts';

/** What the simulator keeps of a built fill, to follow it on chain. */
export type BuiltFill = Readonly<{
  /** Base64 wire transaction, the market maker's signature in place, the taker's empty. */
  transaction: string;
  /** The transaction's id: the fee payer's (market maker's) signature, known before it lands. */
  signature: string;
  lastValidBlockHeight: bigint;
  /** The structured swap, for the taker to check before signing. */
  payload: Readonly<Record<string, string>>;
  amounts: FillAmounts;
}>;

/**
 * Builds and partially signs the fill of a quote for `taker`.
 *
 * @example
 * const fill = await buildRfqFill(world, { stock, side: 'Buy', quantity8, priceCents, taker });
 */
export async function buildRfqFill(
  world: WorldChain,
  input: {
    stock: WorldStock;
    side: 'Buy' | 'Sell';
    quantity8: bigint;
    priceCents: bigint;
    taker: string;
    quoteId: string;
    /**
     * The taker's compute budget (decision 0930): the fill starts with exactly this
     * SetComputeUnitLimit and SetComputeUnitPrice, the maker paying at that price.
     */
    computeBudget?: RfqComputeBudget | null;
    /** The adversarial mode's rewrite of the honest fill (adversarial-fills.ts). */
    tamper?: (parts: FillParts) => Promise<TamperedFill>;
  },
): Promise<BuiltFill> {
  const { stock, side } = input;
  const stable = world.manifest.stablecoin;
  const maker = world.marketMaker;
  const taker = address(input.taker);
  const mintData = await world.accountData(stock.mint as Address);
  if (mintData === null) throw new Error(`the mint of ${stock.symbol} does not exist`);
  const multiplier = multiplierAt(parseMint(mintData), await world.chainUnixSeconds());
  const amounts = fillAmounts({
    side,
    quantity8: input.quantity8,
    priceCents: input.priceCents,
    multiplier,
    stockDecimals: stock.decimals,
    stableDecimals: stable.decimals,
  });
  const leg = async (
    mint: string,
    tokenProgram: string,
    decimals: number,
    buyerIsTaker: boolean,
    amount: bigint,
    /** The stock's mint data: its transfer hook's extra accounts are resolved from it. */
    hookedMintData: Uint8Array | null,
  ) => {
    const from = buyerIsTaker ? maker.address : taker;
    const to = buyerIsTaker ? taker : maker.address;
    const spec = { mint: mint as Address, tokenProgram: tokenProgram as Address };
    // The receiving account may not exist yet (a taker's first buy): the maker pays its rent.
    const create = await getCreateAssociatedTokenAccountInstructionFor({
      ...spec,
      owner: to,
      payer: maker,
    });
    const source = await findAssociatedTokenAddress({ ...spec, owner: from });
    const transfer = getTransferCheckedInstruction(
      {
        source,
        mint: spec.mint,
        destination: create.address,
        authority: from === maker.address ? maker : createNoopSigner(taker),
        amount,
        decimals,
      },
      { programAddress: spec.tokenProgram },
    );
    // A hooked stock (the mint's hook program set): Token-2022 calls the hook with the
    // accounts after TransferChecked's four, resolved from the hook's extra-account-meta list.
    const hookAccounts =
      hookedMintData === null
        ? []
        : await resolveTransferHookAccounts(
            {
              mint: spec.mint,
              mintData: hookedMintData,
              source,
              destination: create.address,
              authority: from,
              amount,
            },
            world.accountData,
          );
    return [create.instruction, { ...transfer, accounts: [...transfer.accounts, ...hookAccounts] }];
  };
  const buy = side === 'Buy';
  const instructions = [
    ...(await leg(stock.mint, stock.tokenProgram, stock.decimals, buy, amounts.stockRaw, mintData)),
    ...(await leg(
      stable.mint,
      stable.tokenProgram,
      stable.decimals,
      !buy,
      amounts.stableRaw,
      null,
    )),
  ];
  const tampered = input.tamper
    ? await input.tamper({
        instructions,
        maker,
        taker,
        delivery: buy ? 1 : 3,
        payment: buy ? 3 : 1,
      })
    : null;
  const feePayer =
    tampered && tampered.feePayer !== maker.address ? createNoopSigner(tampered.feePayer) : maker;
  const { value: lifetime } = await world.rpc
    .getLatestBlockhash({ commitment: 'confirmed' })
    .send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      input.computeBudget
        ? setComputeBudget(m, {
            computeUnitLimit: input.computeBudget.unitLimit,
            microLamportsPerCu: input.computeBudget.microLamportsPerCu,
          })
        : m,
    (m) => appendTransactionMessageInstructions(tampered?.instructions ?? instructions, m),
    (m) =>
      tampered && Object.keys(tampered.tables).length > 0
        ? compressTransactionMessageUsingAddressLookupTables(m, tampered.tables as never)
        : m,
  );
  const signed = await partiallySignTransactionMessageWithSigners(message);
  // With another fee payer (an attack) the maker's own signature names the transaction.
  const makerSignature = signed.signatures[maker.address];
  const id =
    feePayer === maker || !makerSignature
      ? getSignatureFromTransaction(signed)
      : getBase58Decoder().decode(makerSignature);
  return {
    transaction: getBase64EncodedWireTransaction(signed),
    signature: id,
    lastValidBlockHeight: lifetime.lastValidBlockHeight,
    amounts,
    payload: {
      quoteId: input.quoteId,
      symbol: stock.symbol,
      side,
      taker,
      marketMaker: maker.address,
      stockMint: stock.mint,
      stockAmount: amounts.stockRaw.toString(),
      stablecoinMint: stable.mint,
      stablecoinAmount: amounts.stableRaw.toString(),
      multiplier: multiplier.text,
      ...(input.computeBudget
        ? {
            computeUnitLimit: input.computeBudget.unitLimit.toString(),
            computeUnitPrice: input.computeBudget.microLamportsPerCu.toString(),
          }
        : {}),
      recentBlockhash: lifetime.blockhash,
      lastValidBlockHeight: (
        tampered?.payloadLastValidBlockHeight ?? lifetime.lastValidBlockHeight
      ).toString(),
    },
  };
}
