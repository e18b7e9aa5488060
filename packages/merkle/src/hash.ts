import { sha256 } from '@noble/hashes/sha2.js';
import { type Address, getAddressEncoder } from '@solana/kit';

/** Prefix byte of leaf hashes. */
export const LEAF_PREFIX = 0x00;
/** Prefix byte of inner-node hashes. */
export const NODE_PREFIX = 0x01;
/** Most reward mints an epoch pays, so most amounts in a leaf. */
export const MAX_REWARD_MINTS = 10;
/** Most proof nodes the program accepts. */
export const MAX_PROOF_LEN = 32;

const addressEncoder = getAddressEncoder();

/**
 * 32 raw bytes of a base58 address.
 *
 * @example
 * addressBytes(claimant).length; // 32
 */
export function addressBytes(address: Address): Uint8Array {
  return Uint8Array.from(addressEncoder.encode(address));
}

function u64le(value: bigint): Uint8Array {
  if (value < 0n || value >= 1n << 64n) throw new RangeError(`not a u64: ${value}`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Bytewise comparison of two byte strings (negative, 0 or positive).
 *
 * @example
 * compareBytes(Uint8Array.of(1), Uint8Array.of(2)); // -1
 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The leaf the rewards program computes for a claim:
 * `sha256(0x00 || program id || epoch id u64 LE || claimant || amount u64 LE per reward mint)`,
 * amounts in the epoch's mint order.
 *
 * @example
 * const leaf = leafHash({ programId: REWARDS_PROGRAM_ADDRESS, epochId: 7n, claimant, amounts: [1_000n, 5n] });
 */
export function leafHash(input: {
  programId: Address;
  epochId: bigint;
  claimant: Address;
  amounts: readonly bigint[];
}): Uint8Array {
  if (input.amounts.length === 0 || input.amounts.length > MAX_REWARD_MINTS) {
    throw new RangeError(
      `a leaf carries 1..${MAX_REWARD_MINTS} amounts, got ${input.amounts.length}`,
    );
  }
  return sha256(
    concat([
      Uint8Array.of(LEAF_PREFIX),
      addressBytes(input.programId),
      u64le(input.epochId),
      addressBytes(input.claimant),
      ...input.amounts.map(u64le),
    ]),
  );
}

/**
 * The parent of two nodes: `sha256(0x01 || min(a, b) || max(a, b))`, the pair sorted
 * bytewise so proofs need no left/right flags.
 *
 * @example
 * const parent = nodeHash(leftLeaf, rightLeaf);
 */
export function nodeHash(a: Uint8Array, b: Uint8Array): Uint8Array {
  const [lo, hi] = compareBytes(a, b) <= 0 ? [a, b] : [b, a];
  return sha256(concat([Uint8Array.of(NODE_PREFIX), lo, hi]));
}

/**
 * Whether `proof` (sibling hashes, bottom up) leads from `leaf` to `root`, exactly as the
 * program checks it.
 *
 * @example
 * verifyProof(claim.leaf, claim.proof, root); // true
 */
export function verifyProof(
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (proof.length > MAX_PROOF_LEN || proof.some((p) => p.length !== 32)) return false;
  const top = proof.reduce((node, sibling) => nodeHash(node, sibling), leaf);
  return compareBytes(top, root) === 0;
}

/**
 * Lowercase hex of bytes.
 *
 * @example
 * toHex(Uint8Array.of(1, 255)); // '01ff'
 */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Bytes of a hex string (even length, no prefix).
 *
 * @example
 * fromHex('01ff'); // Uint8Array [1, 255]
 */
export function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error(`not hex: ${hex}`);
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}
