import { getBase64Encoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCanonicalBase64 } from '../src/base64-fields.ts';

// The pattern and codec the decoder used before the one-pass reader: the reference.
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const kit = getBase64Encoder();
function reference(field: string): Uint8Array | null {
  return CANONICAL.test(field) ? new Uint8Array(kit.encode(field)) : null;
}

describe('decodeCanonicalBase64', () => {
  it('agrees with the canonical pattern and the Kit codec on encoded bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const field = btoa(String.fromCharCode(...bytes));
        expect(decodeCanonicalBase64(field)).toEqual(bytes);
        expect(decodeCanonicalBase64(field)).toEqual(reference(field));
      }),
    );
  });

  it('rejects exactly what the pattern rejects, on near-base64 strings', () => {
    const chars = 'AB+/z9=-_ \n\u00e9'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 12 }), (cs) => {
        const field = cs.join('');
        expect(decodeCanonicalBase64(field)).toEqual(reference(field));
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores bits below the last whole byte, as the codec does', () => {
    // Given 'AB==' whose second sextet has low bits set (canonical encoders write 'AA==')
    // Then both readers give the one byte 0
    expect(decodeCanonicalBase64('AB==')).toEqual(new Uint8Array([0]));
    expect(reference('AB==')).toEqual(new Uint8Array([0]));
    expect(decodeCanonicalBase64('AAB=')).toEqual(reference('AAB='));
  });
});
