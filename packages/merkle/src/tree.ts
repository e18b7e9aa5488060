import { MAX_PROOF_LEN, nodeHash } from './hash.ts';

/**
 * A Merkle tree over leaf hashes with sorted-pair inner nodes. At a level with an odd
 * number of nodes the last node moves up unchanged (it is not paired with itself), so no
 * hash is ever counted twice.
 */
export interface MerkleTree {
  /** `layers[0]` are the leaves in the given order; the last layer is `[root]`. */
  layers: Uint8Array[][];
  root: Uint8Array;
}

/**
 * Builds the tree over `leaves` (at least one; order is kept).
 *
 * @example
 * const tree = buildTree([leafA, leafB, leafC]);
 * const proof = getProof(tree, 2);
 */
export function buildTree(leaves: readonly Uint8Array[]): MerkleTree {
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const layers: Uint8Array[][] = [leaves.slice()];
  let level = layers[0] as Uint8Array[];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right ? nodeHash(left, right) : left);
    }
    layers.push(next);
    level = next;
  }
  if (layers.length - 1 > MAX_PROOF_LEN)
    throw new RangeError('tree deeper than the program accepts');
  return { layers, root: level[0] as Uint8Array };
}

/**
 * Sibling hashes from leaf `index` up to the root (levels where the node has no sibling are
 * skipped).
 *
 * @example
 * verifyProof(tree.layers[0][i], getProof(tree, i), tree.root); // true
 */
export function getProof(tree: MerkleTree, index: number): Uint8Array[] {
  const leaves = tree.layers[0] as Uint8Array[];
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError(`no leaf ${index}`);
  const proof: Uint8Array[] = [];
  let i = index;
  for (const level of tree.layers.slice(0, -1)) {
    const sibling = level[i ^ 1];
    if (sibling) proof.push(sibling);
    i >>= 1;
  }
  return proof;
}
