import { type Address, address, getAddressEncoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { mintPowers, powerChanges } from '../src/decisions/mint-powers.ts';

const A = address('So11111111111111111111111111111111111111112');
const B = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const enc = getAddressEncoder();

/** A Token-2022 mint with the given TLV entries after the account-type byte. */
function mint(entries: [number, Uint8Array][]): Uint8Array {
  const size = 166 + entries.reduce((s, [, b]) => s + 4 + b.length, 0);
  const data = new Uint8Array(size);
  data[165] = 1;
  const view = new DataView(data.buffer);
  let at = 166;
  for (const [type, body] of entries) {
    view.setUint16(at, type, true);
    view.setUint16(at + 2, body.length, true);
    data.set(body, at + 4);
    at += 4 + body.length;
  }
  return data;
}
const pausable = (paused: boolean) => {
  const b = new Uint8Array(33);
  b[32] = paused ? 1 : 0;
  return b;
};
const hook = (program: Address) => {
  const b = new Uint8Array(64);
  b.set(enc.encode(program), 32);
  return b;
};

describe('mint powers', () => {
  it('reads pause, permanent delegate and transfer hook, skipping other extensions', () => {
    const p = mintPowers(
      mint([
        [25, new Uint8Array(56)],
        [12, Uint8Array.from(enc.encode(A))],
        [14, hook(B)],
        [26, pausable(true)],
      ]),
    );
    expect(p).toEqual({ paused: true, permanentDelegate: A, transferHookProgram: B });
  });

  it('treats an SPL Token mint and unset fields as no power', () => {
    expect(mintPowers(new Uint8Array(82))).toEqual({
      paused: false,
      permanentDelegate: null,
      transferHookProgram: null,
    });
    expect(mintPowers(mint([[14, new Uint8Array(64)]])).transferHookProgram).toBeNull();
  });

  it('reports a pause, a new delegate and a new hook program', () => {
    const before = mintPowers(
      mint([
        [12, Uint8Array.from(enc.encode(A))],
        [26, pausable(false)],
      ]),
    );
    const after = mintPowers(
      mint([
        [12, Uint8Array.from(enc.encode(B))],
        [14, hook(A)],
        [26, pausable(true)],
      ]),
    );
    expect(powerChanges(before, after)).toEqual([
      'paused',
      'permanent-delegate-changed',
      'transfer-hook-changed',
    ]);
    expect(powerChanges(after, after)).toEqual([]);
    expect(powerChanges(undefined, before)).toEqual([]);
  });
});
