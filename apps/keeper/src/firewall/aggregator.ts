// The aggregator's rule: the swap API's setup, swap and cleanup instructions may be only the
// configured aggregator program's and the token programs'. The swapping product key signs the
// aggregator's instruction only (never writable: it would lend its lamports to the program),
// and the product's accounts appear only as the swap's source and destination. A token
// instruction naming any product key or writing its accounts is refused; so is every
// compute-budget, System (nonce advance included) or other program's instruction.
import type { Address, Instruction } from '@solana/kit';
import { classify, outsideRefusal } from './instruction-kinds.ts';
import { isWritable } from './message.ts';
import { assertNoProductKeyNamed, type ProductKeys } from './product-keys.ts';
import { FirewallRefusal, type RefusalReason } from './refusal.ts';

export type AggregatorPolicy = Readonly<{
  product: ProductKeys;
  /** The aggregator's program (configured, never taken from the answer). */
  program: Address;
  /** The product key that swaps (signs the aggregator's instruction). */
  user: Address;
  /** The user's account the swap pays from and the account it delivers into. */
  source: Address;
  destination: Address;
}>;

/**
 * Checks the swap API's instructions (in the order the keeper would send them).
 *
 * @throws {FirewallRefusal} naming the first offending instruction (its index in the list).
 * @example
 * checkAggregatorInstructions('aggregator-rebalance', [...setup, swap], policy);
 */
export function checkAggregatorInstructions(
  route: string,
  instructions: readonly Instruction[],
  policy: AggregatorPolicy,
): void {
  instructions.forEach((ix, i) => {
    const refuse = (reason: RefusalReason, why: string): never => {
      throw new FirewallRefusal(route, i, reason, why);
    };
    const kind = classify(ix);
    const outside = outsideRefusal(kind);
    if (outside) refuse(...outside);
    switch (kind.kind) {
      case 'ata-create':
      case 'ata-other':
        refuse('ACCOUNT_CREATION_NOT_ALLOWED', 'the keeper creates its own accounts');
        return;
      case 'token-other':
      case 'transfer-checked': {
        // A token instruction of the swap's own (a wrap's sync, say) touches nothing of ours.
        const names = (ix.accounts ?? []).some(
          (a) =>
            policy.product.keys.has(a.address) ||
            (policy.product.accounts.has(a.address) && isWritable(a.role)),
        );
        if (names) {
          refuse(
            kind.kind === 'token-other' ? 'TOKEN_INSTRUCTION_NOT_ALLOWED' : 'UNEXPECTED_TRANSFER',
            `${kind.kind === 'token-other' ? kind.name : 'a transfer'} names a product key or writes its account`,
          );
        }
        return;
      }
      case 'other': {
        if (kind.program !== policy.program) {
          refuse('UNKNOWN_PROGRAM', `program ${kind.program} is not the aggregator's`);
        }
        const allowed = new Set<number>();
        (ix.accounts ?? []).forEach((meta, position) => {
          if (meta.address === policy.user && !isWritable(meta.role)) allowed.add(position);
          if (meta.address === policy.source || meta.address === policy.destination) {
            allowed.add(position);
          }
        });
        assertNoProductKeyNamed(route, i, ix, policy.product, allowed);
      }
    }
  });
}
