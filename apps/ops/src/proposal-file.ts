/**
 * The proposal file: one admin action as a transaction whose lifetime is a durable nonce (so
 * signers on separate, offline machines have days, not the ~60 s of a blockhash), plus what
 * the operator needs to read it. The transaction is the wire format, base64; signatures fill
 * in as admins sign. The `summary` is informational: `basket-ops show` decodes the signed
 * bytes themselves, which is what a signer must read.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  type Address,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction,
} from '@solana/kit';
import { z } from 'zod';
import { OpsError } from './errors.ts';

export const PROPOSAL_FORMAT = 'basket-ops-proposal/1';

/** Which on-chain admin set governs the action (read from the chain at submit). */
export type Governance =
  | Readonly<{ kind: 'oracle' }>
  | Readonly<{ kind: 'rewards' }>
  | Readonly<{ kind: 'vault'; sku: string }>
  /** The upgrade gate's own admin set (programs/upgrade-gate), at that program id. */
  | Readonly<{ kind: 'gate'; program: Address }>;

const proposalSchema = z.object({
  format: z.literal(PROPOSAL_FORMAT),
  environment: z.string(),
  action: z.string(),
  summary: z.string(),
  governance: z.union([
    z.object({ kind: z.literal('oracle') }),
    z.object({ kind: z.literal('rewards') }),
    z.object({ kind: z.literal('vault'), sku: z.string() }),
    z.object({ kind: z.literal('gate'), program: z.string() }),
  ]),
  nonceAccount: z.string(),
  /** Signers that are not admins by design: the fee payer (nonce authority), an upgrade authority. */
  operatorSigners: z.array(z.string()),
  createdAt: z.string(),
  transaction: z.string(),
});

export type Proposal = Omit<z.output<typeof proposalSchema>, 'nonceAccount' | 'operatorSigners'> &
  Readonly<{ nonceAccount: Address; operatorSigners: readonly Address[]; governance: Governance }>;

/**
 * Reads a proposal file, refusing anything this CLI did not write.
 *
 * @example
 * const proposal = readProposal('pause-tech6.json');
 */
export function readProposal(path: string): Proposal {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new OpsError('INVALID_PROPOSAL', `${path}: not a proposal file`, { cause: error });
  }
  const result = proposalSchema.safeParse(raw);
  if (!result.success) {
    throw new OpsError(
      'INVALID_PROPOSAL',
      `${path}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const proposal = result.data as unknown as Proposal;
  decodeTransaction(proposal); // fails early on a damaged transaction
  return proposal;
}

/** Writes atomically (a signer's crash never leaves half a file). */
export function writeProposal(path: string, proposal: Proposal): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(proposal, null, 2)}\n`);
  renameSync(tmp, path);
}

export function decodeTransaction(proposal: Pick<Proposal, 'transaction'>): Transaction {
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(proposal.transaction));
  } catch (error) {
    throw new OpsError('INVALID_PROPOSAL', 'the transaction in the proposal does not decode', {
      cause: error,
    });
  }
}

export function encodeTransaction(transaction: Transaction): string {
  return getBase64Decoder().decode(getTransactionEncoder().encode(transaction));
}

/** The compiled message of a proposal (this CLI writes v0 messages only). */
export function compiledMessage(transaction: Transaction) {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  if (!('instructions' in message)) {
    throw new OpsError('INVALID_PROPOSAL', `unsupported message version ${message.version}`);
  }
  return message;
}

/** The accounts that must sign, in message order (the fee payer first). */
export function requiredSigners(transaction: Transaction): Address[] {
  const message = compiledMessage(transaction);
  return message.staticAccounts.slice(0, message.header.numSignerAccounts);
}

/**
 * The message decoded for a signer to read: each instruction's program, accounts (with
 * `s`/`w` marks) and data in hex, and the nonce the transaction is bound to.
 *
 * @example
 * console.log(describeTransaction(decodeTransaction(proposal)).join('\n'));
 */
export function describeTransaction(transaction: Transaction): string[] {
  const message = compiledMessage(transaction);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } =
    message.header;
  const keys = message.staticAccounts;
  const mark = (i: number) => {
    const signer = i < numSignerAccounts;
    const writable = signer
      ? i < numSignerAccounts - numReadonlySignerAccounts
      : i < keys.length - numReadonlyNonSignerAccounts;
    return `${signer ? 's' : '-'}${writable ? 'w' : '-'}`;
  };
  const lines = [`nonce (lifetime): ${message.lifetimeToken}`, `fee payer: ${keys[0]}`];
  message.instructions.forEach((ix, n) => {
    lines.push(`#${n} program ${keys[ix.programAddressIndex]}`);
    for (const i of ix.accountIndices ?? [])
      lines.push(`    ${mark(i)} ${keys[i] ?? `lookup#${i}`}`);
    lines.push(`    data ${Buffer.from(ix.data ?? new Uint8Array()).toString('hex')}`);
  });
  return lines;
}
