// The market maker turned hostile (issue 29): while a mode is set (`POST /admin/adversarial`),
// every RFQ fill carries one attack on the taker's side, to prove a taker's transaction
// firewall refuses it. Kinds touch the fill's instructions, its fee payer, its lookup tables,
// its payload, or the co-signed message (an instruction before the leg or after the settle of
// the taker's wrapped message). The honest fill is built first; `tamperFill` rewrites it.
import {
  getCreateLookupTableInstructionFor,
  getExtendLookupTableInstructionsFor,
} from '@basket/sdk';
import {
  AccountRole,
  type Address,
  compileTransaction,
  createNoopSigner,
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import {
  advanceNonce,
  approveAll,
  closeInto,
  computeUnitPrice,
  foreignWithWritable,
  systemTransfer,
  takeOwnership,
} from './attack-instructions.ts';

export const ADVERSARIAL_FILL_KINDS = [
  'transfer-out-of-keeper',
  'transfer-out-of-trade-authority',
  'approve',
  'set-authority',
  'close-account',
  'unknown-program-keeper-writable',
  'lookup-table-hides-keeper',
  'keeper-as-fee-payer',
  'compute-unit-price',
  'durable-nonce-advance',
  'instruction-before-leg',
  'instruction-after-settle',
  'short-delivery',
  'other-mint-delivery',
  'low-last-valid-block-height',
] as const;

export type AdversarialFillKind = (typeof ADVERSARIAL_FILL_KINDS)[number];

/** The mode: which attack, against which product key (the keeper; the taker by default). */
export type AdversaryMode = Readonly<{ kind: AdversarialFillKind; victim: Address | null }>;

/** The honest fill's parts, as rfq-transaction.ts built them. */
export type FillParts = Readonly<{
  instructions: readonly Instruction[];
  maker: KeyPairSigner;
  taker: Address;
  /** Index of the maker's delivery and of the taker's payment in `instructions`. */
  delivery: number;
  payment: number;
}>;

/** What the tampered fill is made of. */
export type TamperedFill = Readonly<{
  instructions: readonly Instruction[];
  /** The fee payer (the maker unless the attack names the victim). */
  feePayer: Address;
  /** Lookup tables to compress the message through (created on chain). */
  tables: Readonly<Record<string, Address[]>>;
  /** A lie for the payload's lastValidBlockHeight (the transaction keeps its real one). */
  payloadLastValidBlockHeight: bigint | null;
}>;

/** What the module needs of the world: its clock of slots and a way to land the maker's txs. */
export type AdversaryWorld = Readonly<{
  marketMaker: KeyPairSigner;
  land: (signer: KeyPairSigner, instructions: readonly Instruction[]) => Promise<unknown>;
  finalizedSlot: () => Promise<bigint>;
  waitSlots: (n: number) => Promise<void>;
  /** Another stock the maker can "deliver" instead (mint, token program, decimals). */
  otherStock: (mint: Address) => { mint: Address; tokenProgram: Address; decimals: number };
  ataOf: (owner: Address, mint: Address, tokenProgram: Address) => Promise<Address>;
}>;

const accountsOf = (ix: Instruction) => (ix.accounts ?? []).map((a) => a.address);

/** TransferChecked's amount and decimals from its data. */
function transferFields(ix: Instruction) {
  const data = ix.data ?? new Uint8Array(10);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { amount: view.getBigUint64(1, true), decimals: data[9] ?? 0 };
}

/** A lookup table of the maker's holding `addresses`, usable once this returns. */
async function tableOf(world: AdversaryWorld, addresses: readonly Address[]) {
  const maker = world.marketMaker;
  const create = await getCreateLookupTableInstructionFor({
    authority: maker.address,
    payer: maker,
    recentSlot: await world.finalizedSlot(),
  });
  const extend = getExtendLookupTableInstructionsFor({
    table: create.table,
    authority: maker,
    payer: maker,
    addresses,
    chunk: 20,
  });
  await world.land(maker, [create.instruction, ...extend.map((e) => e.instruction)]);
  // Addresses are usable from the slot after the extension.
  await world.waitSlots(2);
  return { [create.table]: [...addresses] };
}

/**
 * Rewrites an honest fill into the attack `mode` names (instructions, fee payer, lookup
 * tables, payload); `instruction-before-leg` and `instruction-after-settle` leave the fill
 * honest and act at the co-signature ({@link tamperCosigned}).
 *
 * @example
 * const tampered = await tamperFill(world, { kind: 'approve', victim: null }, parts);
 */
export async function tamperFill(
  world: AdversaryWorld,
  mode: AdversaryMode,
  parts: FillParts,
): Promise<TamperedFill> {
  const { maker, taker } = parts;
  const victim = mode.victim ?? taker;
  const list = [...parts.instructions];
  const delivery = list[parts.delivery] as Instruction;
  const payment = list[parts.payment] as Instruction;
  const [, deliveryMint, deliveryAccount] = accountsOf(delivery) as Address[];
  const [payAccount] = accountsOf(payment) as Address[];
  const program = delivery.programAddress;
  const honest: TamperedFill = {
    instructions: list,
    feePayer: maker.address,
    tables: {},
    payloadLastValidBlockHeight: null,
  };
  const withExtra = (ix: Instruction, at: 'first' | 'last' = 'last') => ({
    ...honest,
    instructions: at === 'first' ? [ix, ...list] : [...list, ix],
  });
  switch (mode.kind) {
    case 'transfer-out-of-keeper':
      return withExtra(systemTransfer(victim, maker.address, 1_000_000_000n));
    case 'transfer-out-of-trade-authority': {
      // The delivery taken back: the taker's receiving account emptied into the maker's.
      const { amount, decimals } = transferFields(delivery);
      const back = await world.ataOf(maker.address, deliveryMint as Address, program);
      return withExtra(
        getTransferCheckedInstruction(
          {
            source: deliveryAccount as Address,
            mint: deliveryMint as Address,
            destination: back,
            authority: createNoopSigner(taker),
            amount,
            decimals,
          },
          { programAddress: program },
        ),
      );
    }
    case 'approve':
      return withExtra(
        approveAll(payAccount as Address, maker.address, taker, payment.programAddress),
      );
    case 'set-authority':
      return withExtra(
        takeOwnership(payAccount as Address, maker.address, taker, payment.programAddress),
      );
    case 'close-account':
      return withExtra(closeInto(deliveryAccount as Address, maker.address, taker, program));
    case 'unknown-program-keeper-writable':
      return withExtra(foreignWithWritable(victim));
    case 'lookup-table-hides-keeper': {
      // The delivery carries the victim as an extra writable account, loaded from a table.
      list[parts.delivery] = {
        ...delivery,
        accounts: [...(delivery.accounts ?? []), { address: victim, role: AccountRole.WRITABLE }],
      };
      const tables = await tableOf(world, [
        victim,
        deliveryAccount as Address,
        deliveryMint as Address,
      ]);
      return { ...honest, instructions: list, tables };
    }
    case 'keeper-as-fee-payer':
      return { ...honest, feePayer: victim };
    case 'compute-unit-price':
      return withExtra(computeUnitPrice(5_000_000_000n), 'first');
    case 'durable-nonce-advance':
      return withExtra(advanceNonce(maker.address, maker), 'first');
    case 'short-delivery': {
      // Half the quoted amount, the payload still saying the whole.
      const data = Uint8Array.from(delivery.data ?? []);
      const { amount } = transferFields(delivery);
      new DataView(data.buffer).setBigUint64(1, amount / 2n, true);
      list[parts.delivery] = { ...delivery, data };
      return { ...honest, instructions: list };
    }
    case 'other-mint-delivery': {
      const other = world.otherStock(deliveryMint as Address);
      const { amount } = transferFields(delivery);
      const from = await world.ataOf(maker.address, other.mint, other.tokenProgram);
      const to = await world.ataOf(taker, other.mint, other.tokenProgram);
      list[parts.delivery] = getTransferCheckedInstruction(
        {
          source: from,
          mint: other.mint,
          destination: to,
          authority: maker,
          amount,
          decimals: other.decimals,
        },
        { programAddress: other.tokenProgram },
      );
      return { ...honest, instructions: list };
    }
    case 'low-last-valid-block-height':
      return { ...honest, payloadLastValidBlockHeight: 1n };
    case 'instruction-before-leg':
    case 'instruction-after-settle':
      return honest;
  }
}

/**
 * The co-signature's attack: the taker's wrapped message with a transfer out of the victim
 * inserted before its first instruction (before the leg) or after its last (after the
 * settle), recompiled (same fee payer, same blockhash) for the maker to sign. Null for the
 * other kinds (the wrapped message is signed as sent).
 *
 * @example
 * const changed = tamperCosigned(mode, wrappedBase64, maker.address);
 */
export function tamperCosigned(
  mode: AdversaryMode,
  wrappedBase64: string,
  maker: Address,
): ReturnType<typeof compileTransaction> | null {
  if (mode.kind !== 'instruction-before-leg' && mode.kind !== 'instruction-after-settle') {
    return null;
  }
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wrappedBase64));
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  const message = decompileTransactionMessage(compiled);
  // Without a victim named, the taker's first other signer (the keeper signs the leg).
  const victim =
    mode.victim ??
    ((message.instructions[0]?.accounts ?? []).find((a) => a.address !== maker && a.role >= 2)
      ?.address as Address | undefined) ??
    maker;
  const steal = systemTransfer(victim, maker, 1_000_000_000n);
  const instructions =
    mode.kind === 'instruction-before-leg'
      ? [steal, ...message.instructions]
      : [...message.instructions, steal];
  return compileTransaction({ ...message, instructions } as never);
}
