// The open-claims list: each asset still owed, payable now or waiting with its reason (the
// SDK's transfer reading, or the vault's Frozen status), the cash, and what Pay names: the
// payable slots in batches, the cash with the first; nothing offered before the read.
import type { InKindAssetTransfer, InKindTransfers } from '@basket/sdk';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { CLAIM_WAIT_TEXT, decideClaim } from '../src/web/pages/redemption-claim-decision.ts';

const mint = (n: number) => `Mint${n}111111111111111111111111111111111` as Address;
const owner = 'Owner111111111111111111111111111111111111' as Address;
const ACTIVE = 1;
const FROZEN_BY_VAULT = 2;
const assets = (statuses: number[]) => statuses.map((status, i) => ({ mint: mint(i), status }));

function transfer(slot: number, over: Partial<InKindAssetTransfer> = {}): InKindAssetTransfer {
  return {
    slot,
    mint: mint(slot),
    mintData: null,
    holding: mint(100 + slot),
    holdingBalance: 1_000n,
    holdingFrozen: false,
    mintPaused: false,
    destination: mint(200 + slot),
    destinationExists: true,
    destinationFrozen: false,
    ...over,
  };
}
const read = (...t: InKindAssetTransfer[]): InKindTransfers => ({ owner, assets: t });
const claim = (owed: bigint[], cashOwed = 0n) => ({
  assetCount: owed.length,
  owed: [...owed, ...Array(20 - owed.length).fill(0n)],
  cashOwed,
});

describe('decideClaim', () => {
  it('lists only owed assets; pays the movable ones and the cash, shows why the others wait', () => {
    const d = decideClaim(
      claim([10n, 0n, 30n, 40n], 7n),
      read(transfer(0), transfer(2, { holdingFrozen: true }), transfer(3, { mintPaused: true })),
      assets([ACTIVE, ACTIVE, ACTIVE, ACTIVE]),
      5,
    );
    expect(d.rows.map((r) => [r.slot, r.amountRaw, r.waits])).toEqual([
      [0, 10n, null],
      [2, 30n, 'HoldingFrozen'],
      [3, 40n, 'MintPaused'],
    ]);
    expect(d.batches).toEqual([{ slots: [0], cash: true }]);
    expect(d.canPay).toBe(true);
    expect(CLAIM_WAIT_TEXT.HoldingFrozen).toMatch(/froze the vault/);
  });

  it("waits on your frozen account and on the vault's own Frozen status", () => {
    const d = decideClaim(
      claim([10n, 20n]),
      read(transfer(0, { destinationFrozen: true }), transfer(1)),
      assets([ACTIVE, FROZEN_BY_VAULT]),
      5,
    );
    expect(d.rows.map((r) => r.waits)).toEqual(['DestinationFrozen', 'AssetFrozenByVault']);
    expect(d.batches).toEqual([]);
    expect(d.canPay).toBe(false);
  });

  it('offers nothing to pay before the transfers are read (the amounts still shown)', () => {
    const d = decideClaim(claim([10n, 20n], 5n), undefined, assets([ACTIVE, ACTIVE]), 5);
    expect(d.rows.map((r) => r.slot)).toEqual([0, 1]);
    expect(d.cashOwed).toBe(5n);
    expect([d.batches, d.canPay]).toEqual([[], false]);
  });

  it('batches the payable slots, ascending, the cash with the first batch', () => {
    const owed = Array.from({ length: 12 }, (_, i) => BigInt(i + 1));
    const d = decideClaim(
      claim(owed, 3n),
      read(...owed.map((_, i) => transfer(i))),
      assets(owed.map(() => ACTIVE)),
      5,
    );
    expect(d.batches).toEqual([
      { slots: [0, 1, 2, 3, 4], cash: true },
      { slots: [5, 6, 7, 8, 9], cash: false },
      { slots: [10, 11], cash: false },
    ]);
  });

  it('pays the cash alone when every asset waits', () => {
    const d = decideClaim(
      claim([10n], 9n),
      read(transfer(0, { holdingFrozen: true })),
      assets([ACTIVE]),
      5,
    );
    expect(d.batches).toEqual([{ slots: [], cash: true }]);
  });
});
