// A valid RFQ fill and swap, and every attack of issue 29 as instructions, for the firewall's
// unit and property tests. Addresses are fixed (derived from small integers) so the tests are
// deterministic; messages are compiled with Kit, optionally through a lookup table.
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import {
  getAdvanceNonceAccountInstruction,
  getTransferSolInstruction,
} from '@solana-program/system';
import {
  AuthorityType,
  getApproveInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { productKeys } from '../../src/firewall/product-keys.ts';
import type { RfqFillPolicy } from '../../src/firewall/rfq-fill.ts';

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;

/** A fixed address from a small number (never a real key). */
export function fixedAddress(n: number): Address {
  const bytes = new Uint8Array(32);
  bytes[0] = 7;
  bytes[30] = (n >> 8) & 0xff;
  bytes[31] = n & 0xff;
  return getAddressDecoder().decode(bytes);
}

export const A = {
  keeper: fixedAddress(1),
  trade: fixedAddress(2),
  nav: fixedAddress(3),
  admin: fixedAddress(4),
  distributor: fixedAddress(5),
  feePayer: fixedAddress(6),
  maker: fixedAddress(10),
  makerStock: fixedAddress(11),
  makerStable: fixedAddress(12),
  tradeStable: fixedAddress(13),
  tradeStock: fixedAddress(14),
  keeperStable: fixedAddress(15),
  stockMint: fixedAddress(20),
  stableMint: fixedAddress(21),
  otherMint: fixedAddress(22),
  hookProgram: fixedAddress(30),
  venue: fixedAddress(31),
  stranger: fixedAddress(32),
  nonce: fixedAddress(33),
  table: fixedAddress(40),
  pool: fixedAddress(41),
} as const;

/** The product keys a test may try to abuse (the taker, the trade authority, excluded). */
export const ABUSABLE = [A.keeper, A.nav, A.admin, A.distributor, A.feePayer] as const;

export const PRODUCT = productKeys(
  {
    keeper: A.keeper,
    'trade authority': A.trade,
    'NAV signer': A.nav,
    admin: A.admin,
    'rewards distributor': A.distributor,
    'fee payer': A.feePayer,
  },
  {
    [A.tradeStable]: "the trade authority's stablecoin account",
    [A.tradeStock]: "the trade authority's stock account",
    [A.keeperStable]: "the keeper's stablecoin account",
  },
);

export const PAY_MAX = 1_000_000n;
export const DELIVER_MIN = 500_000n;

/** The trade authority buys the stock: it pays stablecoin, the maker delivers the stock. */
export const POLICY: RfqFillPolicy = {
  product: PRODUCT,
  taker: A.trade,
  payment: {
    mint: A.stableMint,
    source: A.tradeStable,
    destination: A.makerStable,
    maxRaw: PAY_MAX,
  },
  delivery: { mint: A.stockMint, destination: A.tradeStock, minRaw: DELIVER_MIN },
  hookPrograms: [A.hookProgram],
};

const noop = createNoopSigner;

/** A TransferChecked from `source` by `authority` (a noop signer: nothing signs in a test). */
export function transfer(
  source: Address,
  mint: Address,
  destination: Address,
  authority: Address,
  amount: bigint,
  programAddress: Address = TOKEN_2022,
): Instruction {
  return getTransferCheckedInstruction(
    { source, mint, destination, authority: noop(authority), amount, decimals: 6 },
    { programAddress },
  );
}

export function createAta(payer: Address, account: Address, owner: Address, mint: Address) {
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: noop(payer),
    ata: account,
    owner,
    mint,
    tokenProgram: TOKEN_2022,
  });
}

/** The honest fill of a buy, as the simulator builds it. */
export function honestFill(
  pay = PAY_MAX,
  deliver = DELIVER_MIN,
  maker: Address = A.maker,
): Instruction[] {
  return [
    createAta(maker, A.tradeStock, A.trade, A.stockMint),
    transfer(A.makerStock, A.stockMint, A.tradeStock, maker, deliver),
    createAta(maker, A.makerStable, maker, A.stableMint),
    transfer(A.tradeStable, A.stableMint, A.makerStable, A.trade, pay, TOKEN),
  ];
}

/** Every instruction-level attack of the issue, by name, as built against a product key. */
export function attacks(victim: Address = A.keeper): Record<string, Instruction> {
  return {
    'System transfer out of a product key': getTransferSolInstruction({
      source: noop(victim),
      destination: A.maker,
      amount: 1_000_000n,
    }),
    'transfer out of the trade authority': transfer(
      A.tradeStock,
      A.stockMint,
      A.makerStock,
      A.trade,
      1n,
    ),
    Approve: getApproveInstruction({
      source: A.tradeStable,
      delegate: A.maker,
      owner: noop(A.trade),
      amount: 2n ** 64n - 1n,
    }),
    SetAuthority: getSetAuthorityInstruction({
      owned: A.tradeStable,
      owner: noop(A.trade),
      authorityType: AuthorityType.AccountOwner,
      newAuthority: A.maker,
    }),
    CloseAccount: getCloseAccountInstruction({
      account: A.tradeStable,
      destination: A.maker,
      owner: noop(A.trade),
    }),
    'unknown program with a product key writable': {
      programAddress: A.stranger,
      accounts: [{ address: victim, role: 1 }],
      data: new Uint8Array([1]),
    },
    'compute-unit price': getSetComputeUnitPriceInstruction({ microLamports: 1_000_000_000n }),
    'durable-nonce advance': getAdvanceNonceAccountInstruction({
      nonceAccount: A.nonce,
      nonceAuthority: noop(A.maker),
    }),
    'hook program naming a product key': {
      programAddress: A.hookProgram,
      accounts: [{ address: victim, role: 0 }],
      data: new Uint8Array([0]),
    },
  };
}

const BLOCKHASH = {
  blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash,
  lastValidBlockHeight: 100n,
};

/**
 * Compiles `instructions` into message bytes with `feePayer`; with `table`, every account a
 * lookup table may carry is loaded from it (the addresses the test passes as the table).
 */
export function compileFill(
  instructions: readonly Instruction[],
  feePayer: Address = A.maker,
  table?: readonly Address[],
): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) =>
      table ? compressTransactionMessageUsingAddressLookupTables(m, { [A.table]: [...table] }) : m,
  );
  return Uint8Array.from(compileTransaction(message).messageBytes);
}

/** The lookup table of a test: every fixed address a message of these tests names. */
export const TABLE: readonly Address[] = Object.values(A).filter((a) => a !== A.table);

/** An honest swap instruction of the venue (the user signs, readonly). */
export function venueSwap(user: Address, source: Address, destination: Address): Instruction {
  return {
    programAddress: A.venue,
    accounts: [
      { address: user, role: 2 },
      { address: A.pool, role: 0 },
      { address: source, role: 1 },
      { address: destination, role: 1 },
    ],
    data: new Uint8Array([9, 1, 2, 3]),
  };
}
