// The firewall's one error: which transaction, which instruction (its index in the message or
// in the provider's list, null for the message as a whole), and why, as a stable code an
// alert rule and a test can match on.
import { KeeperError } from '../decisions/errors.ts';

/** Why a third party's transaction was refused. */
export type RefusalReason =
  /** The message's fee payer is a key of the product (it would pay the fee and the rent). */
  | 'FEE_PAYER_IS_PRODUCT_KEY'
  /** The message loads accounts from a lookup table that was not fetched or is too short. */
  | 'LOOKUP_TABLE_UNRESOLVED'
  /** The message could not be decoded. */
  | 'UNDECODABLE'
  /** A compute-budget instruction from outside (the keeper sets its own limit and price). */
  | 'COMPUTE_BUDGET_FROM_OUTSIDE'
  /** An RFQ fill without the compute-unit limit and price the keeper asked for (decision 0930). */
  | 'COMPUTE_BUDGET_MISSING'
  /** A durable-nonce advance (a transaction that never expires). */
  | 'NONCE_ADVANCE'
  /** Any other System program instruction (a transfer of lamports, an assign, ...). */
  | 'SYSTEM_INSTRUCTION'
  /** A program the route never needs. */
  | 'UNKNOWN_PROGRAM'
  /** A token-program instruction other than a transfer (Approve, SetAuthority, CloseAccount, ...). */
  | 'TOKEN_INSTRUCTION_NOT_ALLOWED'
  /** An associated-token instruction that is not a creation paid by the counterparty. */
  | 'ACCOUNT_CREATION_NOT_ALLOWED'
  /** A product key or one of its accounts named where the route does not use it. */
  | 'PRODUCT_KEY_NAMED'
  /** A transfer that is neither the payment nor the delivery. */
  | 'UNEXPECTED_TRANSFER'
  /** The product's payment is not to the counterparty, of the pay mint, from the pay account. */
  | 'PAYMENT_MISMATCH'
  /** The product pays more than the leg's amount. */
  | 'OVERPAYMENT'
  /** A delivery into the expected account of another mint. */
  | 'WRONG_DELIVERY_MINT'
  /** Less than the expected amount delivered (the instruction is the last delivery, or none). */
  | 'SHORT_DELIVERY'
  /** The message differs from the one the keeper built around the fill. */
  | 'MESSAGE_CHANGED';

/** The `code` every refusal carries; rebalance-exec falls back to the next route on it. */
export const TRANSACTION_REFUSED = 'TRANSACTION_REFUSED' as const;

/**
 * A refused transaction: nothing was signed by any product key.
 *
 * @example
 * throw new FirewallRefusal('rfq-rebalance', 3, 'UNKNOWN_PROGRAM', 'program Xyz... is not a delivery');
 */
export class FirewallRefusal extends KeeperError {
  readonly route: string;
  /** Index of the offending instruction (in the provider's message or list); null: the whole. */
  readonly instructionIndex: number | null;
  readonly reason: RefusalReason;
  constructor(route: string, instructionIndex: number | null, reason: RefusalReason, why: string) {
    const where = instructionIndex === null ? 'the message' : `instruction ${instructionIndex}`;
    super(TRANSACTION_REFUSED, `${route}: refused to sign: ${where}: ${reason}: ${why}`);
    this.name = 'FirewallRefusal';
    this.route = route;
    this.instructionIndex = instructionIndex;
    this.reason = reason;
  }
}
