/**
 * Where `withdraw_in_kind`'s units go for one issuer stock (issue 16 item 4): the vault's
 * instruction on a one-asset basket (an issuer mint with all eight extensions, hook unset,
 * non-unit multiplier), each CPI's callee units read from the runtime's "consumed" lines of
 * that same transaction, and the same Token-2022 TransferChecked sent at top level. The
 * vault's own part (checks, math, CPI set-up, event) is the total less the callees and less
 * the runtime's fixed invoke charge per CPI (docs/vault.md, "Compute units and transaction sizes": where the units go).
 */
import { createTokenAccount, getTransferCheckedInstruction, send } from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  basketOf,
  depositIx,
  initVaultIx,
  newDepositor,
  newRedeemerAccounts,
  stockHoldings,
  withdrawInKindIx,
  writeSnapshot,
} from '../programs/vault/tests/fixture.ts';
import type { CuRecord } from './src/record.ts';

const USDC = 1_000_000n;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** Units of every inner (depth 2) invocation, in order: `[program, units]`. */
function innerUnits(logs: string[]): [string, number][] {
  const out: [string, number][] = [];
  let depth = 0;
  for (const l of logs) {
    const invoke = /^Program (\S+) invoke \[(\d+)\]/.exec(l);
    if (invoke) depth = Number(invoke[2]);
    const consumed = /^Program (\S+) consumed (\d+) of/.exec(l);
    if (consumed) {
      if (depth === 2) out.push([consumed[1] as string, Number(consumed[2])]);
      depth -= 1;
    }
  }
  return out;
}

function topUnits(logs: string[], program: string): number {
  const line = logs.find((l) => l.startsWith(`Program ${program} consumed`));
  const m = line && /consumed (\d+) of/.exec(line);
  if (!m) throw new Error(`no consumption line of ${program}`);
  return Number(m[1]);
}

/** withdraw_in_kind on a basket of `n` issuer stocks (no SPL Token asset) + cash. */
async function inKind(n: number) {
  // basketOf alternates issuer mints (even indexes) and SPL Token mints: keep the issuer ones.
  const b = await basketOf(2 * n - 1);
  b.assets = b.assets.filter((_, i) => i % 2 === 0);
  b.holdings = b.holdings.filter((_, i) => i % 2 === 0);
  b.assets.forEach((a) => {
    a.weightBps = 0;
  });
  (b.assets[0] as { weightBps: number }).weightBps = 10_000;
  const init = await send(b.svm, [initVaultIx(b)], b.payer);
  if (!init.ok) throw new Error(`init_vault failed: ${init.error}`);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  const dep = await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer);
  if (!dep.ok) throw new Error(`deposit failed: ${dep.error}`);
  await stockHoldings(
    b,
    b.assets.map(() => 3_000_000_000n),
  );
  const to = await newRedeemerAccounts(b, alice.signer.address);
  const r = await send(
    b.svm,
    [withdrawInKindIx(b, alice.signer, alice.shareAccount, to, 100n * USDC)],
    b.payer,
  );
  if (!r.ok) throw new Error(`withdraw_in_kind (${n}) failed: ${r.error}`);
  return {
    b,
    alice,
    to,
    total: topUnits(r.logs, VAULT_PROGRAM_ADDRESS),
    inner: innerUnits(r.logs),
  };
}

export default async function bench(): Promise<CuRecord[]> {
  const { b, alice, to, total, inner } = await inKind(1);
  const two = await inKind(2);
  const t22 = inner.filter(([p]) => p === TOKEN_2022).map(([, u]) => u);
  const spl = inner.filter(([p]) => p === TOKEN).map(([, u]) => u);
  // The share burn is the first Token-2022 call, the asset's TransferChecked the last.
  const [burn, assetTransfer] = [t22[0] ?? 0, t22[t22.length - 1] ?? 0];
  const cashTransfer = spl[0] ?? 0;

  // The same TransferChecked of the same mint at top level: the redeemer sends some back.
  const asset = b.assets[0];
  if (!asset) throw new Error('no asset');
  const other = await createTokenAccount(b.svm, b.payer, asset.mint, b.payer.address);
  const amount = 1_000n;
  const top = await send(
    b.svm,
    [
      getTransferCheckedInstruction({
        source: to.assetAccounts[0] as never,
        mint: asset.mint.address,
        destination: other,
        authority: alice.signer,
        amount,
        decimals: asset.mint.decimals,
        tokenProgram: asset.mint.tokenProgram,
      }),
    ],
    b.payer,
  );
  if (!top.ok) throw new Error(`top-level TransferChecked failed: ${top.error}`);
  const row = (instruction: string, c: string, computeUnits: number): CuRecord => ({
    program: 'vault',
    instruction,
    case: c,
    computeUnits,
    txBytes: 0,
  });
  const what = '1 issuer asset (8 extensions, hook unset) + cash';
  return [
    row('withdraw_in_kind', `${what}: whole instruction`, total),
    row('withdraw_in_kind', `${what}: callee of the share BurnChecked (Token-2022)`, burn),
    row(
      'withdraw_in_kind',
      `${what}: callee of the cash TransferChecked (SPL Token)`,
      cashTransfer,
    ),
    row(
      'withdraw_in_kind',
      `${what}: callee of the asset TransferChecked (Token-2022)`,
      assetTransfer,
    ),
    row(
      'withdraw_in_kind',
      `${what}: the vault's own part and the ${inner.length} invokes`,
      total - inner.reduce((s, [, u]) => s + u, 0),
    ),
    row('withdraw_in_kind', '2 issuer assets (8 extensions, hook unset) + cash', two.total),
    row('withdraw_in_kind', 'per issuer asset (2 assets less 1): whole', two.total - total),
    row(
      '(token-2022 TransferChecked)',
      'the same issuer mint at top level (for comparison with the callee by CPI)',
      topUnits(top.logs, TOKEN_2022),
    ),
  ];
}
