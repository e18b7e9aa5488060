import { z } from 'zod';

/**
 * Schemas of the RFQ quote (spec: RFQ quote, and the quote status enums of "States and
 * transitions").
 */

/**
 * `generalStatus` values.
 *
 * @example
 * ```ts
 * generalStatusField.parse('Completed');
 * ```
 */
export const generalStatusField = z.enum([
  'Provided',
  'Accepted',
  'Completed',
  'Expired',
  'Cancelled',
]);
/** A `generalStatus` value. */
export type GeneralStatus = z.output<typeof generalStatusField>;

/**
 * `hedgingStatus` values.
 *
 * @example
 * ```ts
 * hedgingStatusField.parse('Succeeded');
 * ```
 */
export const hedgingStatusField = z.enum([
  'NotStarted',
  'PendingHedge',
  'InProgress',
  'Succeeded',
  'Failed',
  'Unwinding',
  'Unwound',
]);
/** A `hedgingStatus` value. */
export type HedgingStatus = z.output<typeof hedgingStatusField>;

/**
 * `blockchainStatus` values.
 *
 * @example
 * ```ts
 * blockchainStatusField.parse('Executed');
 * ```
 */
export const blockchainStatusField = z.enum([
  'NotReady',
  'GeneratingSignature',
  'PendingExecution',
  'Executed',
  'ExpiredExecution',
  'Failed',
]);
/** A `blockchainStatus` value. */
export type BlockchainStatus = z.output<typeof blockchainStatusField>;

/**
 * A quote identifier as it may appear in a path.
 *
 * @example
 * ```ts
 * quoteIdField.parse('q_01HZX3');
 * ```
 */
export const quoteIdField = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** Standard base64 with padding; a Solana transaction is at most 1232 bytes. */
const base64Field = z
  .string()
  .max(4_096)
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/)
  .refine((text) => text.length > 0, 'is empty');

const payloadField = z.record(z.string(), z.unknown());

/**
 * `POST /trades/swap/rfq` answer: `signature` is the base64 of a partially signed versioned
 * transaction (not a cryptographic signature); `signaturePayload` is the structured swap
 * message used for introspection.
 *
 * @example
 * ```ts
 * rfqQuoteSchema.parse({ id: 'q1', signature: 'AQID', signaturePayload: {} });
 * ```
 */
export const rfqQuoteSchema = z.object({
  id: quoteIdField,
  signature: base64Field,
  signaturePayload: payloadField,
});
/** A quote returned by the RFQ request. */
export type RfqQuote = z.output<typeof rfqQuoteSchema>;

/**
 * `GET /trades/swap/quote/{id}` answer: the three status axes, and the transaction fields
 * when the upstream still returns them.
 *
 * @example
 * ```ts
 * quoteStateSchema.parse(json).blockchainStatus; // 'PendingExecution'
 * ```
 */
export const quoteStateSchema = z.object({
  id: quoteIdField,
  generalStatus: generalStatusField,
  hedgingStatus: hedgingStatusField,
  blockchainStatus: blockchainStatusField,
  signature: base64Field.nullable().default(null),
  signaturePayload: payloadField.nullable().default(null),
});
/** The polled state of a quote. */
export type QuoteState = z.output<typeof quoteStateSchema>;
