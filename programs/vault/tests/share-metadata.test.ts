/**
 * set_share_metadata: the admin multisig writes the share mint's TokenMetadata once, with
 * the vault as update authority (mixed-basket fixture). Every rejection is the specific
 * error with the touched accounts unchanged; every transaction reads its compute units.
 */

import { accountBytes, send, TOKEN_2022_PROGRAM_ADDRESS } from '@basket/test-harness';
import {
  getSetShareMetadataInstruction,
  VAULT_ERROR__INVALID_METADATA,
  VAULT_ERROR__WRONG_SHARE_MINT,
} from '@basket/vault-client';
import {
  type Address,
  getAddressDecoder,
  getUtf8Encoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Basket, initVault, setupBasket } from './fixture.ts';

function field(text: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(getUtf8Encoder().encode(text));
  return out;
}

/** The TokenMetadata TLV value (type 19) of a Token-2022 mint, or null. */
function tokenMetadata(data: Uint8Array): Uint8Array | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let pos = 166;
  while (pos + 4 <= data.length) {
    const type = view.getUint16(pos, true);
    const len = view.getUint16(pos + 2, true);
    if (type === 19) return data.subarray(pos + 4, pos + 4 + len);
    if (type === 0 && len === 0) return null;
    pos += 4 + len;
  }
  return null;
}

/** Decodes update authority, mint and the three strings of a TokenMetadata value. */
function decodeMetadata(value: Uint8Array) {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const addr = getAddressDecoder();
  let at = 64;
  const str = () => {
    const len = view.getUint32(at, true);
    const s = new TextDecoder().decode(value.subarray(at + 4, at + 4 + len));
    at += 4 + len;
    return s;
  };
  return {
    updateAuthority: addr.decode(value.subarray(0, 32)),
    mint: addr.decode(value.subarray(32, 64)),
    name: str(),
    symbol: str(),
    uri: str(),
  };
}

describe('set_share_metadata', () => {
  let b: Basket;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
  });

  function ix(
    o: {
      name?: string;
      symbol?: string;
      uri?: string;
      signers?: KeyPairSigner[];
      mint?: Address;
    } = {},
  ): Instruction {
    return getSetShareMetadataInstruction({
      payer: b.payer,
      vault: b.vault,
      shareMint: o.mint ?? b.shareMint,
      systemProgram: '11111111111111111111111111111111' as Address,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      name: field(o.name ?? 'Tech Basket 01', 32),
      symbol: field(o.symbol ?? 'TECH01', 10),
      uri: field(o.uri ?? 'https://example.com/tech-01.json', 128),
      adminSigners: o.signers ?? b.admins.slice(0, 3),
    });
  }

  async function expectRejected(ixs: Instruction[], code: number): Promise<void> {
    const before = accountBytes(b.svm, [b.vault, b.shareMint]);
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(b.svm, [b.vault, b.shareMint])).toEqual(before);
  }

  it('writes name, symbol and uri with the vault as update authority, once', async () => {
    // Given a vault whose share mint has a MetadataPointer but no metadata
    const mint = b.svm.getAccount(b.shareMint);
    expect(mint.exists && tokenMetadata(Uint8Array.from(mint.data))).toBe(null);
    // When 3 of 5 admins set it
    const r = await send(b.svm, [ix()], b.payer);
    // Then the mint carries the TokenMetadata the wallets read
    expect(r.error).toBeNull();
    const after = b.svm.getAccount(b.shareMint);
    if (!after.exists) throw new Error('share mint missing');
    const value = tokenMetadata(Uint8Array.from(after.data));
    expect(value).not.toBeNull();
    expect(decodeMetadata(value as Uint8Array)).toEqual({
      updateAuthority: b.vault,
      mint: b.shareMint,
      name: 'Tech Basket 01',
      symbol: 'TECH01',
      uri: 'https://example.com/tech-01.json',
    });
    console.info(`set_share_metadata: ${r.computeUnits} CU, ${r.txBytes} bytes`);
    // And a second call is refused
    await expectRejected([ix({ name: 'Other' })], 107); // AlreadyInitialized
  });

  it('needs the admin threshold', async () => {
    await expectRejected([ix({ signers: b.admins.slice(0, 2) })], 108); // AdminThresholdNotMet
  });

  it('rejects an empty name or symbol and non-printable text', async () => {
    await expectRejected([ix({ name: '' })], VAULT_ERROR__INVALID_METADATA);
    await expectRejected([ix({ symbol: '' })], VAULT_ERROR__INVALID_METADATA);
    await expectRejected([ix({ uri: 'line\nbreak' })], VAULT_ERROR__INVALID_METADATA);
  });

  it('rejects another mint in the share mint position', async () => {
    await expectRejected([ix({ mint: b.usdc.address })], VAULT_ERROR__WRONG_SHARE_MINT);
  });
});
