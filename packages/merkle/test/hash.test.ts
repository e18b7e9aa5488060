import { getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree, getProof, leafHash, nodeHash, toHex, verifyProof } from '../src/index.ts';

const addr = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte));

describe('leaf and node hashing', () => {
  it('matches the vector shared with the program (programs/rewards/src/merkle.rs)', () => {
    // Given program id [1;32], epoch 7, claimant [2;32] and amounts [1000, 5]
    const leaf = leafHash({
      programId: addr(1),
      epochId: 7n,
      claimant: addr(2),
      amounts: [1000n, 5n],
    });
    // Then the leaf equals the Rust unit test's constant
    expect(toHex(leaf)).toBe('47b8e13b1d1df1fbbc18456d2569eb6a53dd878be8a046b1a5444ce6321b206b');
  });

  it('hashes pairs independently of their order', () => {
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    expect(nodeHash(a, b)).toEqual(nodeHash(b, a));
  });

  it('never accepts an inner node as a leaf with the remaining proof', () => {
    // Given a 4-leaf tree
    const leaves = [1, 2, 3, 4].map((i) =>
      leafHash({ programId: addr(9), epochId: 1n, claimant: addr(i), amounts: [BigInt(i)] }),
    );
    const tree = buildTree(leaves);
    const inner = tree.layers[1]?.[0] as Uint8Array;
    // When the level-1 node is presented with the upper part of a proof, it reaches the root
    // as a raw hash; but the program only ever starts from leafHash(...) of claim data, whose
    // 0x00 prefix can never produce that 0x01-prefixed node.
    expect(verifyProof(inner, getProof(tree, 0).slice(1), tree.root)).toBe(true);
    expect(verifyProof(leaves[0] as Uint8Array, getProof(tree, 0).slice(1), tree.root)).toBe(false);
  });
});

describe('tree proofs (property)', () => {
  it('every leaf of any tree verifies, and a flipped bit anywhere fails', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 1, maxLength: 70 }),
        fc.nat(),
        fc.nat(),
        (leaves, pick, bit) => {
          const tree = buildTree(leaves);
          const i = pick % leaves.length;
          const proof = getProof(tree, i);
          expect(verifyProof(leaves[i] as Uint8Array, proof, tree.root)).toBe(true);
          expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(leaves.length)));
          // Tamper: flip one bit of the leaf or of one proof node.
          const targets = [leaves[i] as Uint8Array, ...proof];
          const t = bit % targets.length;
          const flipped = targets.map((x, j) =>
            j === t ? x.map((b, k) => (k === (bit >> 3) % 32 ? b ^ (1 << (bit & 7)) : b)) : x,
          );
          expect(verifyProof(flipped[0] as Uint8Array, flipped.slice(1), tree.root)).toBe(false);
        },
      ),
    );
  });
});
