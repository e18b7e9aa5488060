// The simulators' adversarial modes against the firewall, without a chain (issue 29): every
// kind the hostile market maker (tokenized-api-sim) and the hostile aggregator (aggregator-sim)
// produce, applied to an honest fill or swap, is refused with its reason; the one kind that
// only lies in the payload (a low lastValidBlockHeight) passes the firewall, and the keeper
// never reads that number (rpcLifetime). The world suite runs the same kinds on the chain.
import {
  ADVERSARIAL_SWAP_KINDS,
  type AdversarialSwapKind,
  tamperSwap,
} from '@basket/aggregator-sim';
import { findAssociatedTokenAddress } from '@basket/sdk';
import {
  ADVERSARIAL_FILL_KINDS,
  type AdversarialFillKind,
  type AdversaryWorld,
  tamperCosigned,
  tamperFill,
} from '@basket/tokenized-api-sim';
import type { Instruction as ApiInstruction, SwapInstructionsResponse } from '@jup-ag/api';
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAggregatorInstructions } from '../src/firewall/aggregator.ts';
import { assertSameMessage, decodeMessage } from '../src/firewall/message.ts';
import { productKeys } from '../src/firewall/product-keys.ts';
import { FirewallRefusal, type RefusalReason } from '../src/firewall/refusal.ts';
import { checkRfqFill } from '../src/firewall/rfq-fill.ts';
import { apiInstruction } from '../src/routes/aggregator-route.ts';
import { A, honestFill, POLICY, PRODUCT } from './support/firewall-fixtures.ts';

const FILL_REASONS: Record<AdversarialFillKind, RefusalReason | null> = {
  'transfer-out-of-keeper': 'SYSTEM_INSTRUCTION',
  'transfer-out-of-trade-authority': 'PAYMENT_MISMATCH',
  approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'set-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'close-account': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'unknown-program-keeper-writable': 'UNKNOWN_PROGRAM',
  'lookup-table-hides-keeper': 'PRODUCT_KEY_NAMED',
  'keeper-as-fee-payer': 'FEE_PAYER_IS_PRODUCT_KEY',
  'compute-unit-price': 'COMPUTE_BUDGET_FROM_OUTSIDE',
  'durable-nonce-advance': 'NONCE_ADVANCE',
  'instruction-before-leg': 'MESSAGE_CHANGED',
  'instruction-after-settle': 'MESSAGE_CHANGED',
  'short-delivery': 'SHORT_DELIVERY',
  'other-mint-delivery': 'UNEXPECTED_TRANSFER',
  'low-last-valid-block-height': null,
};

const BLOCKHASH = {
  blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash,
  lastValidBlockHeight: 100n,
};

let maker: KeyPairSigner;
beforeAll(async () => {
  maker = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(9));
});

/** The adversary's world without a chain: tables are only recorded. */
const world = (): AdversaryWorld => ({
  marketMaker: maker,
  land: async () => undefined,
  finalizedSlot: async () => 1n,
  waitSlots: async () => undefined,
  otherStock: () => ({
    mint: A.otherMint,
    tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
    decimals: 6,
  }),
  ataOf: (owner, mint, tokenProgram) => findAssociatedTokenAddress({ owner, mint, tokenProgram }),
});

function compile(
  instructions: readonly Instruction[],
  feePayer: Address,
  tables: Record<string, Address[]> = {},
) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) =>
      setTransactionMessageFeePayerSigner(
        feePayer === maker.address ? maker : createNoopSigner(feePayer),
        m,
      ),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) =>
      Object.keys(tables).length > 0
        ? compressTransactionMessageUsingAddressLookupTables(m, tables as never)
        : m,
  );
  return compileTransaction(message);
}

function verdict(run: () => unknown): RefusalReason | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof FirewallRefusal) return error.reason;
    throw error;
  }
}

describe("the hostile market maker's fills", () => {
  it('names every kind', () => {
    expect(Object.keys(FILL_REASONS).sort()).toEqual([...ADVERSARIAL_FILL_KINDS].sort());
  });

  for (const kind of ADVERSARIAL_FILL_KINDS) {
    it(`${kind}: ${FILL_REASONS[kind] ?? 'passes (only the payload lies)'}`, async () => {
      const honest = honestFill(undefined, undefined, maker.address);
      const tampered = await tamperFill(
        world(),
        { kind, victim: A.keeper },
        { instructions: honest, maker, taker: A.trade, delivery: 1, payment: 3 },
      );
      const tx = compile(tampered.instructions, tampered.feePayer, tampered.tables);
      const message = decodeMessage('rfq', Uint8Array.from(tx.messageBytes), tampered.tables);
      let reason = verdict(() => checkRfqFill('rfq', message, POLICY));
      if (
        reason === null &&
        (kind === 'instruction-before-leg' || kind === 'instruction-after-settle')
      ) {
        // The fill is honest; the attack is the co-signed answer to the wrapped message.
        const changed = tamperCosigned(
          { kind, victim: A.keeper },
          getBase64EncodedWireTransaction(tx),
          maker.address,
        );
        reason = verdict(() =>
          assertSameMessage(
            'rfq',
            message,
            decodeMessage('rfq', Uint8Array.from(changed?.messageBytes ?? [])),
          ),
        );
      }
      expect(reason).toBe(FILL_REASONS[kind]);
      if (kind === 'low-last-valid-block-height') {
        expect(tampered.payloadLastValidBlockHeight).toBe(1n);
      }
    });
  }
});

describe("the hostile aggregator's swap instructions", () => {
  const SWAP_REASONS: Record<AdversarialSwapKind, RefusalReason> = {
    'transfer-out-of-keeper': 'SYSTEM_INSTRUCTION',
    'transfer-out-of-trade-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
    approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
    'set-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
    'close-account': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
    'unknown-program-keeper-writable': 'UNKNOWN_PROGRAM',
    'compute-unit-price': 'COMPUTE_BUDGET_FROM_OUTSIDE',
    'durable-nonce-advance': 'NONCE_ADVANCE',
    'swap-names-keeper': 'PRODUCT_KEY_NAMED',
    'swap-writes-other-account': 'PRODUCT_KEY_NAMED',
    'instruction-after-swap': 'SYSTEM_INSTRUCTION',
  };
  const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
  const m = (pubkey: string, isSigner: boolean, isWritable: boolean) => ({
    pubkey,
    isSigner,
    isWritable,
  });

  /** A buy as the rebalance route asks it: the trade authority's USD in, the vault's holding out. */
  async function honestBuy() {
    const ata = (mint: Address) =>
      findAssociatedTokenAddress({ owner: A.trade, mint, tokenProgram: TOKEN_2022 });
    const [tradeUsd, tradeStock] = await Promise.all([ata(A.stableMint), ata(A.stockMint)]);
    const holding = A.pool;
    const swap: ApiInstruction = {
      programId: A.venue,
      accounts: [
        m(A.trade, true, false),
        m(A.stranger, false, false),
        m(A.stockMint, false, false),
        m(A.stableMint, false, false),
        m(A.makerStock, false, true),
        m(A.makerStable, false, true),
        m(holding, false, true),
        m(tradeUsd, false, true),
        m(TOKEN_2022, false, false),
        m(TOKEN_2022, false, false),
      ],
      data: Buffer.from([1, 2, 3]).toString('base64'),
    };
    const answer = {
      otherInstructions: [],
      computeBudgetInstructions: [],
      setupInstructions: [],
      swapInstruction: swap,
      addressLookupTableAddresses: [],
    } as unknown as SwapInstructionsResponse;
    const product = productKeys(
      Object.fromEntries([...PRODUCT.keys].map(([address, role]) => [role, address])),
      {
        [tradeUsd]: "the trade authority's USD",
        [tradeStock]: "the trade authority's stock",
      },
    );
    const policy = {
      product,
      program: A.venue,
      user: A.trade,
      source: tradeUsd,
      destination: holding,
    };
    return { answer, policy };
  }

  const check = (
    answer: SwapInstructionsResponse,
    policy: Awaited<ReturnType<typeof honestBuy>>['policy'],
  ) =>
    verdict(() =>
      checkAggregatorInstructions(
        'aggregator',
        [
          ...answer.setupInstructions,
          answer.swapInstruction,
          ...(answer.cleanupInstruction ? [answer.cleanupInstruction] : []),
        ].map(apiInstruction),
        policy,
      ),
    );

  it('passes the honest swap', async () => {
    const { answer, policy } = await honestBuy();
    expect(check(answer, policy)).toBeNull();
  });

  for (const kind of ADVERSARIAL_SWAP_KINDS) {
    it(`${kind}: ${SWAP_REASONS[kind]}`, async () => {
      const { answer, policy } = await honestBuy();
      const tampered = await tamperSwap({ kind, victim: A.keeper }, answer, A.trade);
      expect(check(tampered, policy)).toBe(SWAP_REASONS[kind]);
    });
  }
});
