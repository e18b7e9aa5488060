/**
 * The fuzzer's send: the same transaction the test harness's `send` lands (a v0 message, no
 * lookup tables, every signature real and verified by LiteSVM, the blockhash expired first),
 * built without @solana/kit's generic message compiler and signed synchronously.
 *
 * Why: profiling a run (decision 0940) showed kit's compile (a new `Intl.Collator` per
 * message to sort addresses, base58 round trips of every address) and WebCrypto's
 * thread-pool signing as the largest part of a step, more than the programs' execution.
 * Here account addresses are decoded once and cached, and Ed25519 signs through
 * `node:crypto` with the signer's own key (a `KeyObject` of its CryptoKey, same signature
 * bytes). A signer without a key pair falls back to its own `signMessages`.
 *
 * The accounts keep the order of first appearance inside the runtime's four groups (kit sorts
 * each group by address); an instruction's own account order, which is all a program sees,
 * is unchanged.
 */

import { KeyObject, sign } from 'node:crypto';
import type { SendResult } from '@basket/test-harness';
import {
  type Address,
  getAddressEncoder,
  getBase58Encoder,
  type Instruction,
  isMessagePartialSigner,
  type TransactionSigner,
} from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';
import { addTime } from './profile.ts';

const addressEncoder = getAddressEncoder();
const base58 = getBase58Encoder();
const bytesOf = new Map<string, Uint8Array>();

/** An address's 32 bytes, decoded once per distinct address. */
export function addressBytes(address: Address): Uint8Array {
  let b = bytesOf.get(address);
  if (!b) {
    b = Uint8Array.from(addressEncoder.encode(address));
    bytesOf.set(address, b);
  }
  return b;
}

const keyObjects = new WeakMap<CryptoKey, KeyObject>();

interface Entry {
  address: Address;
  signer: boolean;
  writable: boolean;
  signerObject: TransactionSigner | null;
}

type Meta = { address: Address; role: number; signer?: TransactionSigner };

/** Role bits as kit's `AccountRole`: 1 writable, 2 signer. */
function collect(feePayer: TransactionSigner, instructions: Instruction[]): Entry[] {
  const map = new Map<Address, Entry>();
  const add = (
    address: Address,
    signer: boolean,
    writable: boolean,
    s: TransactionSigner | null,
  ) => {
    const e = map.get(address);
    if (e) {
      e.signer ||= signer;
      e.writable ||= writable;
      e.signerObject ??= s;
    } else map.set(address, { address, signer, writable, signerObject: s });
  };
  add(feePayer.address, true, true, feePayer);
  for (const ix of instructions) {
    for (const m of (ix.accounts ?? []) as Meta[]) {
      if ('lookupTableAddress' in m) throw new Error('fast-send: lookup tables are not supported');
      add(m.address, (m.role & 2) !== 0, (m.role & 1) !== 0, m.signer ?? null);
    }
    add(ix.programAddress, false, false, null);
  }
  const all = [...map.values()];
  const payer = all[0] as Entry;
  const rest = all.slice(1);
  const group = (s: boolean, w: boolean) => rest.filter((e) => e.signer === s && e.writable === w);
  return [
    payer,
    ...group(true, true),
    ...group(true, false),
    ...group(false, true),
    ...group(false, false),
  ];
}

function shortVec(n: number, out: number[]): void {
  let v = n;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    if (v === 0) {
      out.push(byte);
      return;
    }
    out.push(byte | 0x80);
  }
}

/** The v0 message bytes and the signers in signature order. */
export function compileMessage(
  feePayer: TransactionSigner,
  instructions: Instruction[],
  blockhash: Uint8Array,
): { message: Uint8Array; signers: Entry[] } {
  const keys = collect(feePayer, instructions);
  const index = new Map(keys.map((e, i) => [e.address, i]));
  const signers = keys.filter((e) => e.signer);
  const head: number[] = [
    0x80,
    signers.length,
    signers.filter((e) => !e.writable).length,
    keys.filter((e) => !e.signer && !e.writable).length,
  ];
  shortVec(keys.length, head);
  const tail: number[] = [];
  shortVec(instructions.length, tail);
  const parts: (number[] | Uint8Array)[] = [head];
  for (const e of keys) parts.push(addressBytes(e.address));
  parts.push(blockhash, tail);
  for (const ix of instructions) {
    const b: number[] = [index.get(ix.programAddress) as number];
    const accounts = (ix.accounts ?? []) as Meta[];
    shortVec(accounts.length, b);
    for (const m of accounts) b.push(index.get(m.address) as number);
    const data = (ix.data ?? new Uint8Array(0)) as Uint8Array;
    shortVec(data.length, b);
    parts.push(b, data);
  }
  parts.push([0]); // no address-table lookups
  const size = parts.reduce((s, p) => s + p.length, 0);
  const message = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    message.set(p, o);
    o += p.length;
  }
  return { message, signers };
}

async function signatureOf(e: Entry, message: Uint8Array): Promise<Uint8Array> {
  const s = e.signerObject as (TransactionSigner & { keyPair?: CryptoKeyPair }) | null;
  if (!s) throw new Error(`fast-send: no signer object for ${e.address}`);
  const key = s.keyPair?.privateKey;
  if (key) {
    let ko = keyObjects.get(key);
    if (!ko) {
      ko = KeyObject.from(key);
      keyObjects.set(key, ko);
    }
    return sign(null, message, ko);
  }
  if (isMessagePartialSigner(s)) {
    const [d] = await s.signMessages([{ content: message, signatures: {} }]);
    const sig = d?.[e.address];
    if (sig) return sig as Uint8Array;
  }
  throw new Error(`fast-send: ${e.address} cannot sign a message`);
}

interface Inner {
  sendVersionedTransaction(bytes: Uint8Array): unknown;
  latestBlockhash(): string;
}

/** Signs and sends `instructions` as one v0 transaction; never throws on a failed one. */
export async function fastSend(
  svm: LiteSVM,
  instructions: Instruction[],
  feePayer: TransactionSigner,
): Promise<SendResult> {
  const t0 = performance.now();
  svm.expireBlockhash();
  const inner = (svm as unknown as { inner: Inner }).inner;
  const blockhash = Uint8Array.from(base58.encode(inner.latestBlockhash()));
  const { message, signers } = compileMessage(feePayer, instructions, blockhash);
  const sigs: number[] = [];
  shortVec(signers.length, sigs);
  const tx = new Uint8Array(sigs.length + 64 * signers.length + message.length);
  tx.set(sigs, 0);
  let o = sigs.length;
  for (const s of signers) {
    tx.set(await signatureOf(s, message), o);
    o += 64;
  }
  tx.set(message, o);
  const t1 = performance.now();
  addTime('build and sign', t1 - t0);
  const result = inner.sendVersionedTransaction(tx);
  addTime('LiteSVM execution', performance.now() - t1);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      customError: null,
      txBytes: tx.length,
      error: null,
    };
  }
  const failed = result as {
    err(): unknown;
    meta(): { logs(): string[]; computeUnitsConsumed(): bigint };
  };
  const meta = failed.meta();
  const logs = meta.logs();
  const custom = logs.map((l) => /custom program error: 0x([0-9a-f]+)/.exec(l)).find((m) => m);
  return {
    ok: false,
    computeUnits: meta.computeUnitsConsumed(),
    logs,
    customError: custom?.[1] ? Number.parseInt(custom[1], 16) : null,
    txBytes: tx.length,
    error: `${String(failed.err())}\n${logs.join('\n')}`,
  };
}
