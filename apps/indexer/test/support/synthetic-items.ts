// Webhook items made the way the runtime logs events: an invoke line for the program, one
// `Program data:` field per event (`[kind u8][version u8][payload]`, payload from the generated
// encoders), the success line. The same shape as a getTransaction result, without a cluster.
import { DEFAULT_PROGRAM_ADDRESSES } from '@basket/sdk';
import {
  type DepositEventArgs,
  getDepositEventEncoder,
  getNavRefreshedEventEncoder,
  type NavRefreshedEventArgs,
  VAULT_EVENTS,
  VaultEventKind,
} from '@basket/vault-client';
import type { TransactionItem } from '../../src/webhook-body.ts';

export const PROGRAMS = DEFAULT_PROGRAM_ADDRESSES;
const FOREIGN = 'Foreign1111111111111111111111111111111111111';

export function skuBytes(sku: string): Uint8Array {
  const bytes = new Uint8Array(16);
  bytes.set(Buffer.from(sku, 'latin1'));
  return bytes;
}

/** The version the vault program emits of event `kind` (from the generated event table). */
export function vaultVersion(kind: VaultEventKind): number {
  const row = VAULT_EVENTS.find((e) => e.kind === kind);
  if (!row) throw new Error(`no vault event of kind ${kind}`);
  return row.version;
}

export function field(kind: number, version: number, payload: Uint8Array): string {
  return `Program data: ${Buffer.concat([Buffer.from([kind, version]), payload]).toString('base64')}`;
}

export function depositField(args: Partial<DepositEventArgs> = {}): string {
  const payload = getDepositEventEncoder().encode({
    skuId: skuBytes('TECH6'),
    depositor: '11111111111111111111111111111112' as never,
    rawAmount: 1_000_000_000n,
    shares: 998_000_000n,
    navUsd: 5_000_000_000n,
    supplyBefore: 4_990_000_000n,
    snapshotSequence: 7n,
    unixTime: 1_795_446_000n,
    eventSequence: 3n,
    mgmtFeeAccrued: 0n,
    ...args,
  });
  return field(
    VaultEventKind.Deposit,
    vaultVersion(VaultEventKind.Deposit),
    new Uint8Array(payload),
  );
}

export function navRefreshedField(args: Partial<NavRefreshedEventArgs> = {}): string {
  const payload = getNavRefreshedEventEncoder().encode({
    skuId: skuBytes('TECH6'),
    snapshotSequence: 8n,
    navUpUsd: 6_100_000_000n,
    navDownUsd: 6_000_000_000n,
    cashRaw: 300_000_000n,
    unixTime: 1_795_446_030n,
    eventSequence: 4n,
    ...args,
  });
  return field(VaultEventKind.NavRefreshed, 1, new Uint8Array(payload));
}

let counter = 0;
/** A base58 signature unique within the process (64 characters). */
export function signature(): string {
  counter += 1;
  const digits = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = counter;
  let tail = '';
  do {
    tail = digits[n % 58] + tail;
    n = Math.floor(n / 58);
  } while (n > 0);
  return `5${'z'.repeat(63 - tail.length)}${tail}`;
}

/** A transaction item whose vault instruction logged `fields`. */
export function item(
  fields: string[],
  options: { slot?: number; err?: unknown; program?: string; sig?: string } = {},
): TransactionItem {
  const program = options.program ?? PROGRAMS.vault;
  return {
    slot: options.slot ?? 100,
    blockTime: 1_795_446_000,
    meta: {
      err: options.err ?? null,
      logMessages: [`Program ${program} invoke [1]`, ...fields, `Program ${program} success`],
    },
    transaction: { signatures: [options.sig ?? signature()], message: {} },
  };
}

export const FOREIGN_PROGRAM = FOREIGN;
