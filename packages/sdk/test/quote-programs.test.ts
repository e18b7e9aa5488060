// Quotes decode their refusals against the caller's program ids: a vault deployed at other
// ids than the generated clients' (the local world's) reads "VaultPaused", not "Unknown error
// 3001". The deployment is the vault program's own fixture (issuer mints, non-unit
// multipliers), its state copied to where a vault at another id keeps it.
import { setUnixTime } from '@basket/test-harness';
import {
  findVaultStatePda,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import { type Address, address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  initVault,
  MONDAY_15H,
  patchVault,
  SKU,
  setupBasket,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  DEFAULT_PROGRAM_ADDRESSES,
  encodeSkuId,
  getNavQuote,
  quoteDeposit,
  quoteInKindWithdrawal,
  quotePerfFee,
  quoteStableWithdrawal,
  rawAmount,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';

const OTHER_VAULT: Address = address('9kgY8WqobNRctvbus8wgCg9sJwqxpcVdNgPp7uBs41mq');

let b: Basket;

/** Copies the vault state to its PDA under `OTHER_VAULT`, owned by that id. */
async function deployElsewhere(): Promise<void> {
  const [elsewhere] = await findVaultStatePda(
    { skuId: encodeSkuId(SKU) },
    { programAddress: OTHER_VAULT },
  );
  const account = b.svm.getAccount(b.vault);
  if (!account.exists) throw new Error('no vault');
  b.svm.setAccount({ ...account, address: elsewhere, programAddress: OTHER_VAULT });
}

describe('quotes decode refusals against the deployment program ids', () => {
  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    patchVault(b, (s) => ({ ...s, paused: 1 }));
    await deployElsewhere();
  });

  it('names the refusal of a paused vault at other ids, in every quote built on the NAV quote', async () => {
    const programs = { vault: OTHER_VAULT };
    const nav = await getNavQuote(svmRpc(b.svm), SKU, { programs });
    expect(nav.programs.vault).toBe(OTHER_VAULT);
    expect(nav.programs.oracle).toBe(DEFAULT_PROGRAM_ADDRESSES.oracle);
    const refusals = [
      quoteDeposit(nav, rawAmount(1_000_000n)),
      quoteStableWithdrawal(nav, 1_000n),
      quoteInKindWithdrawal(nav, 1_000n),
      quotePerfFee(nav),
    ].map((q) => (q.ok ? null : q.refusal));
    for (const refusal of refusals) {
      expect(refusal?.code).toBe(VAULT_ERROR__VAULT_PAUSED);
      expect(refusal?.known).toBe(true);
      expect(refusal?.name).toBe('VAULT_PAUSED');
      expect(refusal?.programAddress).toBe(OTHER_VAULT);
      expect(refusal?.message).not.toMatch(/Unknown error/);
    }
  });

  it('decodes the NAV quote own refusal (a stale snapshot) against the same ids', async () => {
    setUnixTime(b.svm, MONDAY_15H + 30n * 86_400n);
    const nav = await getNavQuote(svmRpc(b.svm), SKU, { programs: { vault: OTHER_VAULT } });
    expect(nav.refusal?.code).toBe(VAULT_ERROR__STALE_NAV);
    expect(nav.refusal?.name).toBe('STALE_NAV');
    expect(nav.refusal?.programAddress).toBe(OTHER_VAULT);
  });

  it('lets a quote take its own ids over the NAV quote ones, and vaultProgram alone still works', async () => {
    const nav = await getNavQuote(svmRpc(b.svm), SKU, { programs: { vault: OTHER_VAULT } });
    const generated = quoteDeposit(nav, rawAmount(1_000_000n), {
      programs: DEFAULT_PROGRAM_ADDRESSES,
    });
    // The code is the same; decoded against the generated id, which did not run this vault.
    expect(generated.ok ? null : generated.refusal.programAddress).toBe(
      DEFAULT_PROGRAM_ADDRESSES.vault,
    );
    const legacy = quoteStableWithdrawal(nav, 1_000n, { vaultProgram: OTHER_VAULT });
    expect(legacy.ok ? null : legacy.refusal.name).toBe('VAULT_PAUSED');
  });
});
