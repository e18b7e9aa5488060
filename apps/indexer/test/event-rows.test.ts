// From a delivered transaction to rows: only our programs' fields, attributed by the program
// running when they were logged; failed transactions write nothing; what cannot be read is
// kept with its reason.
import { describe, expect, it } from 'vitest';
import { jsonPayload, rowsOfItem, skuText } from '../src/event-rows.ts';
import {
  depositField,
  FOREIGN_PROGRAM,
  field,
  item,
  navRefreshedField,
  PROGRAMS,
  vaultVersion,
} from './support/synthetic-items.ts';

describe('rows of a delivered transaction', () => {
  it('decodes a deposit with the SDK and keeps every amount as an exact decimal string', () => {
    const rows = rowsOfItem(
      item([depositField({ shares: 2n ** 64n - 1n })], { slot: 42 }),
      PROGRAMS,
    );
    if (rows.kind !== 'rows') throw new Error('expected rows');
    expect(rows.transaction.slot).toBe(42n);
    expect(rows.events).toHaveLength(1);
    const [e] = rows.events;
    if (!e) throw new Error('expected one event');
    expect(e).toMatchObject({
      status: 'decoded',
      program: 'vault',
      name: 'deposit',
      sku: 'TECH6',
      eventIndex: 0,
    });
    expect((e.payload as Record<string, unknown>).shares).toBe('18446744073709551615');
    expect((e.payload as Record<string, unknown>).skuId).toBe('TECH6');
  });

  it('ignores a vault event logged while another program runs (it cannot forge ours)', () => {
    const forged = item([depositField()], { program: FOREIGN_PROGRAM });
    const rows = rowsOfItem(forged, PROGRAMS);
    expect(rows.kind === 'rows' && rows.events.length).toBe(0);
  });

  it('writes nothing for a transaction that failed on chain', () => {
    const failed = item([depositField()], { err: { InstructionError: [0, { Custom: 3001 }] } });
    expect(rowsOfItem(failed, PROGRAMS)).toEqual({
      kind: 'failed',
      signature: failed.transaction.signatures[0],
    });
  });

  it('keeps an unknown discriminator and a wrong-length payload as rows with their reason', () => {
    const rows = rowsOfItem(
      item([
        field(250, 1, new Uint8Array(4)),
        field(2, vaultVersion(2), new Uint8Array(3)),
        navRefreshedField(),
      ]),
      PROGRAMS,
    );
    if (rows.kind !== 'rows') throw new Error('expected rows');
    expect(rows.events.map((e) => [e.status, e.reason, e.eventIndex])).toEqual([
      ['unknown', 'unknown-discriminator', 0],
      ['malformed', 'wrong-length', 1],
      ['decoded', null, 2],
    ]);
  });

  it('reads SKU ids up to their zero padding and byte strings as hex', () => {
    expect(skuText(Uint8Array.from([84, 51, 0, 0]))).toBe('T3');
    expect(jsonPayload({ merkleRoot: Uint8Array.from([1, 255]), n: 5n, list: [1n] })).toEqual({
      merkleRoot: '01ff',
      n: '5',
      list: ['1'],
    });
  });
});
