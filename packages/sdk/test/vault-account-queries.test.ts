// The vault program's open per-user accounts: the filters sent (size, discriminator, the vault
// or owner at its layout offset) and what comes back, decoded and oldest first. The offsets
// are checked against the generated encoders, so a layout change fails here.
import { getRedemptionClaimEncoder, getWithdrawalRequestEncoder } from '@basket/vault-client';
import {
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64Decoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  findRedemptionClaims,
  findWithdrawalRequests,
  REDEMPTION_CLAIM_LAYOUT,
  WITHDRAWAL_REQUEST_LAYOUT,
} from '../src/index.ts';

const key = async () => (await generateKeyPairSigner()).address;

function fakeRpc(accounts: { pubkey: Address; data: Uint8Array }[]) {
  const calls: { program: Address; config: unknown }[] = [];
  const rpc = {
    getProgramAccounts: (program: Address, config: unknown) => ({
      send: async () => {
        calls.push({ program, config });
        return accounts.map((a) => ({
          pubkey: a.pubkey,
          account: { data: [getBase64Decoder().decode(a.data), 'base64'] },
        }));
      },
    }),
  };
  return { rpc: rpc as never, calls };
}

const claim = (vault: Address, owner: Address, createdAt: bigint) =>
  Uint8Array.from(
    getRedemptionClaimEncoder().encode({
      version: 1,
      bump: 254,
      assetCount: 2,
      vault,
      owner,
      nonce: 0n,
      shares: 10n,
      createdAt,
      cashOwed: 5n,
      owed: Array.from({ length: 20 }, (_, i) => BigInt(i)),
      epoch: 0,
      haircutAtOpen: Array.from({ length: 20 }, () => 0n),
    }),
  );

const request = (vault: Address, owner: Address, requestedAt: bigint) =>
  Uint8Array.from(
    getWithdrawalRequestEncoder().encode({
      version: 1,
      bump: 254,
      reserved: new Uint8Array(6),
      vault,
      owner,
      nonce: 1n,
      shares: 10n,
      minOut: 9n,
      requestedAt,
    }),
  );

describe('the vault program accounts found by vault or owner', () => {
  it('puts the vault and the owner at the offsets the generated layouts give them', async () => {
    const [vault, owner] = [await key(), await key()];
    for (const [bytes, layout] of [
      [claim(vault, owner, 1n), REDEMPTION_CLAIM_LAYOUT],
      [request(vault, owner, 1n), WITHDRAWAL_REQUEST_LAYOUT],
    ] as const) {
      const at = (o: bigint) => Buffer.from(bytes.subarray(Number(o), Number(o) + 32));
      expect(at(layout.vault)).toEqual(Buffer.from(getAddressEncoder().encode(vault)));
      expect(at(layout.owner)).toEqual(Buffer.from(getAddressEncoder().encode(owner)));
      expect(bytes[0]).toBe(layout.discriminator);
      expect(bytes.length).toBe(layout.decoder.fixedSize);
    }
  });

  it('asks for one size, one discriminator and the named addresses; returns oldest first', async () => {
    const [vault, owner, a, b] = [await key(), await key(), await key(), await key()];
    const { rpc, calls } = fakeRpc([
      { pubkey: a, data: claim(vault, owner, 20n) },
      { pubkey: b, data: claim(vault, owner, 10n) },
    ]);
    const found = await findRedemptionClaims(rpc, { vault, owner });
    expect(found.map((c) => c.address)).toEqual([b, a]);
    expect(found[0]?.data.owed[3]).toBe(3n);
    expect(calls[0]?.config).toMatchObject({
      encoding: 'base64',
      filters: [
        { dataSize: 424n },
        { memcmp: { offset: 0n, encoding: 'base58' } },
        { memcmp: { offset: 4n, bytes: vault } },
        { memcmp: { offset: 36n, bytes: owner } },
      ],
    });
    const requests = fakeRpc([
      { pubkey: a, data: request(vault, owner, 7n) },
      { pubkey: b, data: request(vault, owner, 3n) },
    ]);
    const pending = await findWithdrawalRequests(requests.rpc, { owner });
    expect(pending.map((r) => [r.address, r.data.requestedAt])).toEqual([
      [b, 3n],
      [a, 7n],
    ]);
    expect(requests.calls[0]?.config).toMatchObject({
      filters: [
        { dataSize: 104n },
        { memcmp: { offset: 0n } },
        { memcmp: { offset: 40n, bytes: owner } },
      ],
    });
  });
});
