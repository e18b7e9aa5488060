// Issue 31, item 1 (decision 0100): every vault event is logged before the instruction's first
// CPI, so nothing a CPI logs (20 holdings created, hooked transfers whose hook runs inside)
// can push it past the runtime's 10,000-byte log limit ("Log truncated"). Over the real
// program: init_vault at 20 issuer stocks (the BROAD20 shape), and the in-kind exits of a
// vault of 20 hooked stocks (Token-2022 issuer mints, non-unit multipliers, the test hook in
// record mode on every one): begin_redemption, then pay_redemption in the largest batches an
// instruction takes (8 hook accounts: 3 hooked slots), and withdraw_in_kind at the largest
// hooked basket one instruction pays (3). Each event decodes from the logs and comes before
// any inner invoke and any truncation.
import { resolveTransferHookAccounts } from '@basket/sdk';
import { createIssuerMint, createTestHookedMint, send } from '@basket/test-harness';
import {
  getRedemptionPaidEventDecoder,
  getVaultInitializedEventDecoder,
  getWithdrawInKindEventDecoder,
  VAULT_PROGRAM_ADDRESS,
  VaultEventKind,
} from '@basket/vault-client';
import { type AccountMeta, type Address, getBase64Encoder, type Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { describe, expect, it } from 'vitest';
import {
  type Basket,
  beginRedemptionIx,
  claimAddress,
  depositIx,
  initVaultIx,
  newDepositor,
  newRedeemerAccounts,
  payRedemptionIx,
  pda,
  setupBasket,
  stockHoldings,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const N = 20;
/** Hooked transfers one vault instruction makes: its 8 hook accounts hold the hook program and
 * each mint's validation account and record. */
const HOOKED_PER_IX = 3;

/** Where in `logs` the vault's event of `kind` is, decoded; and what came before it. */
function locate(logs: string[], kind: number) {
  const at = logs.findIndex((l) => {
    if (!l.startsWith('Program data: ')) return false;
    return getBase64Encoder().encode(l.slice('Program data: '.length))[0] === kind;
  });
  expect(at, `event ${kind} in the logs`).toBeGreaterThanOrEqual(0);
  const bytes = getBase64Encoder().encode((logs[at] as string).slice('Program data: '.length));
  const before = logs.slice(0, at);
  return { at, payload: Uint8Array.from(bytes).slice(2), before };
}

/** The event is logged before any CPI of the vault and before any truncation. */
function expectBeforeEveryCpi(logs: string[], kind: number): Uint8Array {
  const { payload, before } = locate(logs, kind);
  expect(before.some((l) => l.includes(' invoke [2]'))).toBe(false);
  expect(before).not.toContain('Log truncated');
  return payload;
}

async function sendBig(b: Basket, ixs: Instruction[]) {
  const r = await send(
    b.svm,
    [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), ...ixs],
    b.payer,
  );
  expect(r.error).toBeNull();
  return r;
}

/** Appends `hook` accounts (each address once, strongest role) to a vault instruction. */
function withHookAccounts(ix: Instruction, hook: readonly AccountMeta[]): Instruction {
  const merged = new Map<Address, AccountMeta>();
  for (const m of hook) {
    const seen = merged.get(m.address);
    merged.set(m.address, seen ? { ...seen, role: seen.role | m.role } : m);
  }
  return { ...ix, accounts: [...(ix.accounts ?? []), ...merged.values()] };
}

describe('init_vault at 20 issuer stocks (the BROAD20 shape)', () => {
  it('logs VaultInitialized before creating the 21 holdings, whatever they log', async () => {
    const b = await setupBasket();
    b.assets = [];
    for (let i = 0; i < N; i++) {
      const multiplier = 1 + (i + 1) / 37;
      b.assets.push({
        mint: await createIssuerMint(b.svm, b.payer, { decimals: 8, multiplier }),
        multiplier,
        priceUsd1e8: BigInt(1_000_000_000 + i * 77_777_777),
        weightBps: 500,
      });
    }
    b.holdings = await Promise.all(
      b.assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, a.mint.address])),
    );
    const r = await sendBig(b, [initVaultIx(b)]);
    const event = getVaultInitializedEventDecoder().decode(
      expectBeforeEveryCpi(r.logs, VaultEventKind.VaultInitialized),
    );
    expect(event.assetCount).toBe(N);
    expect(event.shareMint).toBe(b.shareMint);
    expect(event.eventSequence).toBe(1n);
    // The 21 holdings' creation logs more than the runtime keeps: the event is still read.
    expect(r.logs).toContain('Log truncated');
    report('init_vault (20 issuer stocks)', r.logs);
  });
});

describe('20 hooked stocks', () => {
  /** A vault of 20 hooked issuer stocks, funded and stocked, and the hook accounts resolver. */
  async function hookedVault(n: number) {
    const b = await setupBasket();
    b.assets = [];
    for (let i = 0; i < n; i++) {
      const multiplier = 1 + (i + 1) / 37;
      b.assets.push({
        mint: await createTestHookedMint(b.svm, b.payer, { decimals: 8, multiplier }),
        multiplier,
        priceUsd1e8: BigInt(1_000_000_000 + i * 77_777_777),
        weightBps: i === 0 ? 10_000 - Math.floor(10_000 / n) * (n - 1) : Math.floor(10_000 / n),
      });
    }
    b.holdings = await Promise.all(
      b.assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, a.mint.address])),
    );
    await sendBig(b, [initVaultIx(b)]);
    writeSnapshot(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    await sendBig(b, [depositIx(b, alice, 10_000n * USDC)]);
    await stockHoldings(
      b,
      b.assets.map(() => 500_000_000n),
    );
    const fetch = async (address: Address) => {
      const info = b.svm.getAccount(address);
      return info.exists ? Uint8Array.from(info.data) : null;
    };
    const hookOf = async (slot: number, destination: Address): Promise<AccountMeta[]> => {
      const mint = b.assets[slot]?.mint.address as Address;
      const info = b.svm.getAccount(mint);
      if (!info.exists) throw new Error('mint missing');
      return resolveTransferHookAccounts(
        {
          mint,
          mintData: Uint8Array.from(info.data),
          source: b.holdings[slot] as Address,
          destination,
          authority: b.vault,
          amount: 1n,
        },
        fetch,
      );
    };
    return { b, alice, hookOf };
  }

  it('withdraw_in_kind logs WithdrawInKind before the burn and the hooked transfers (3, the most one instruction takes)', async () => {
    const { b, alice, hookOf } = await hookedVault(HOOKED_PER_IX);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const hook = (
      await Promise.all(b.assets.map((_, i) => hookOf(i, out.assetAccounts[i] as Address)))
    ).flat();
    const ix = withHookAccounts(
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC),
      hook,
    );
    const r = await sendBig(b, [ix]);
    const event = getWithdrawInKindEventDecoder().decode(
      expectBeforeEveryCpi(r.logs, VaultEventKind.WithdrawInKind),
    );
    expect(event.amounts.slice(0, HOOKED_PER_IX).every((a) => a > 0n)).toBe(true);
    report(`withdraw_in_kind (${HOOKED_PER_IX} hooked stocks)`, r.logs);
  });

  it('begin_redemption, then pay_redemption of all 20 hooked slots in batches: each event before its CPIs', async () => {
    const { b, alice, hookOf } = await hookedVault(N);
    const claim = await claimAddress(b, alice.signer.address, 1n);
    const begun = await sendBig(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim,
        shares: 1_000n * USDC,
        nonce: 1n,
      }),
    ]);
    expectBeforeEveryCpi(begun.logs, VaultEventKind.RedemptionBegun);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    for (let first = 0; first < N; first += HOOKED_PER_IX) {
      const slots = Array.from({ length: Math.min(HOOKED_PER_IX, N - first) }, (_, i) => first + i);
      const hook = (
        await Promise.all(slots.map((i) => hookOf(i, out.assetAccounts[i] as Address)))
      ).flat();
      const ix = withHookAccounts(
        payRedemptionIx(b, {
          claim,
          owner: alice.signer.address,
          to: out,
          slots,
          cash: first === 0,
        }),
        hook,
      );
      const r = await sendBig(b, [ix]);
      const event = getRedemptionPaidEventDecoder().decode(
        expectBeforeEveryCpi(r.logs, VaultEventKind.RedemptionPaid),
      );
      expect(slots.every((i) => (event.paid[i] as bigint) > 0n)).toBe(true);
      report(
        `pay_redemption (slots ${slots.join(', ')} of 20 hooked${first === 0 ? ' + cash' : ''})`,
        r.logs,
      );
    }
    // Every slot paid: the claim is closed.
    expect(b.svm.getAccount(claim).exists).toBe(false);
  });
});

function report(what: string, logs: string[]): void {
  const bytes = logs.reduce((s, l) => s + l.length, 0);
  console.info(
    `${what}: ${logs.length} log lines, ${bytes} bytes, truncated: ${logs.includes('Log truncated')}`,
  );
}
