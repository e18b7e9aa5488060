/**
 * Vault compute units on the issuer's mint configuration with a transfer hook SET (the
 * test hook program in record mode, one extra account): withdraw_in_kind and a rebalance leg
 * selling the hooked stock, with the hook accounts the SDK resolves from the mint's
 * extra-account-meta list. The hook-unset rows are vault.bench.ts (every Token-2022 stock
 * there is an issuer mint whose hook extension names no program).
 */
import { resolveTransferHookAccounts, withVaultHookAccounts } from '@basket/sdk';
import { createTestHookedMint, send } from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { AccountMeta, Address, Instruction } from '@solana/kit';
import {
  type Basket,
  depositIx,
  initVault,
  newDepositor,
  newRedeemerAccounts,
  pda,
  setupBasket,
  stockHoldings,
  type TestAsset,
  withdrawInKindIx,
  writeSnapshot,
} from '../programs/vault/tests/fixture.ts';
import {
  incomingIx,
  type Leg,
  legIx,
  minAcceptedIn,
  newCounterparty,
  settleIx,
} from '../programs/vault/tests/rebalance-fixture.ts';
import type { CuRecord } from './src/record.ts';

const USDC = 1_000_000n;

async function run(b: Basket, ixs: Instruction[], what: string) {
  const r = await send(b.svm, ixs, b.payer);
  if (!r.ok) throw new Error(`${what} failed: ${r.error}`);
  return r;
}

export default async function vaultHooksBench(): Promise<CuRecord[]> {
  const b = await setupBasket();
  const hooked = await createTestHookedMint(b.svm, b.payer, { decimals: 8, multiplier: 1.0571 });
  (b.assets[0] as TestAsset).mint = hooked;
  b.holdings[0] = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, hooked.address]);
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  await run(b, [depositIx(b, alice, 10_000n * USDC)], 'deposit');
  await stockHoldings(b, [350_000_000n, 10_000_000n, 7_000_000_000n]);

  const hookOf = async (source: Address, destination: Address): Promise<AccountMeta[]> => {
    const mint = b.svm.getAccount(hooked.address);
    if (!mint.exists) throw new Error('hooked mint missing');
    return resolveTransferHookAccounts(
      {
        mint: hooked.address,
        mintData: Uint8Array.from(mint.data),
        source,
        destination,
        authority: b.vault,
        amount: 1n,
      },
      async (address) => {
        const info = b.svm.getAccount(address);
        return info.exists ? Uint8Array.from(info.data) : null;
      },
    );
  };

  const out = await newRedeemerAccounts(b, alice.signer.address);
  const hook = await hookOf(b.holdings[0] as Address, out.assetAccounts[0] as Address);
  const inKind = await run(
    b,
    [
      withVaultHookAccounts(
        withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 100n * USDC),
        hook,
      ),
    ],
    'withdraw_in_kind',
  );

  const c = await newCounterparty(b);
  const payAmount = 10_000_000n;
  const leg: Leg = {
    pay: 0,
    receive: 'cash',
    payAmount,
    receiveAmount: minAcceptedIn(b, 0, 'cash', payAmount, 50n),
  };
  const legHook = await hookOf(b.holdings[0] as Address, c.assets[0] as Address);
  const swap = await run(
    b,
    [withVaultHookAccounts(legIx(b, c, leg), legHook), incomingIx(b, c, leg), settleIx(b, 'cash')],
    'rebalance',
  );
  return [
    {
      program: 'vault',
      instruction: 'withdraw_in_kind',
      case: '3 assets (issuer mint with its transfer hook set, 1 extra account) + cash',
      computeUnits: Number(inKind.computeUnits),
      txBytes: inKind.txBytes,
    },
    {
      program: 'vault',
      instruction: 'rebalance_leg',
      case: 'hooked issuer mint -> cash, whole swap (leg with hook accounts + TransferChecked + settle)',
      computeUnits: Number(swap.computeUnits),
      txBytes: swap.txBytes,
    },
  ];
}
