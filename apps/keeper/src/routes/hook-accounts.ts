// Transfer-hook accounts of a leg's transfers: a tokenized stock whose issuer set a transfer
// hook (HOODx in the local world) moves only when each transfer carries the hook program, its
// extra-account-meta list and the extra accounts the list names. They are resolved with the
// SDK's resolver from the mint's list, as the vault's own transfers and the epoch-distributor's
// funding transfer are, and each hooked transfer is priced with the hook's run (the SDK's
// budget of a hooked transfer, from the mint's validation bump).
import {
  type CostedInstruction,
  hookedTransferCosts,
  resolveTransferHookAccounts,
  rpcAccountData,
  withVaultHookAccounts,
} from '@basket/sdk';
import type { AccountMeta, Address } from '@solana/kit';
import type { KeeperContext } from '../jobs/context.ts';
import type { HookedMint, LegSetup, LegSide } from './leg-types.ts';

/**
 * The hook accounts of one transfer of `side`'s mint (empty when its mint has no hook set).
 *
 * @example
 * const hook = await sideHookAccounts(ctx, setup.receive, { source, destination, authority, amount });
 */
export async function sideHookAccounts(
  ctx: KeeperContext,
  side: LegSide,
  transfer: { source: Address; destination: Address; authority: Address; amount: bigint },
): Promise<AccountMeta[]> {
  if (side.hookProgram === null) return [];
  return resolveTransferHookAccounts(
    { mint: side.mint, mintData: side.mintData, ...transfer },
    rpcAccountData(ctx.rpc, { commitment: 'confirmed' }),
  );
}

/**
 * The mints of a leg whose transfers run a hook, with their validation bumps: a route
 * instruction naming one of them (an RFQ fill's transfer, a venue's swap) is priced with the
 * hook's run.
 *
 * @example
 * routeCosts(fill, hookedMints(setup));
 */
export function hookedMints(setup: LegSetup): HookedMint[] {
  return [setup.pay, setup.receive].flatMap((s) =>
    s.hookProgram !== null && s.hookValidationBump !== null
      ? [{ mint: s.mint, validationBump: s.hookValidationBump }]
      : [],
  );
}

/**
 * What one transfer of `side`'s mint costs on top of the token program's own: the hook's run
 * at the mint's validation bump (nothing when no hook is set).
 *
 * @example
 * const costs = [base, ...sideHookCosts(setup.receive)];
 */
export function sideHookCosts(side: LegSide) {
  return side.hookProgram !== null && side.hookValidationBump !== null
    ? hookedTransferCosts([side.hookValidationBump])
    : [];
}

/**
 * `rebalance_leg` (the first instruction) with the paying mint's hook accounts appended: the
 * vault pays its holding to the trade account by CPI and passes what follows its own accounts
 * through to Token-2022.
 *
 * @example
 * const ixs = await withLegHookAccounts(ctx, setup, payRaw, await getRebalanceSwapInstructionsFor(...));
 */
export async function withLegHookAccounts(
  ctx: KeeperContext,
  setup: LegSetup,
  payRaw: bigint,
  instructions: CostedInstruction[],
): Promise<CostedInstruction[]> {
  const [leg, ...rest] = instructions;
  if (!leg) return instructions;
  const hook = await sideHookAccounts(ctx, setup.pay, {
    source: setup.pay.holding,
    destination: setup.pay.tradeAccount,
    authority: setup.vault.address,
    amount: payRaw,
  });
  if (hook.length === 0) return instructions;
  return [
    {
      instruction: withVaultHookAccounts(leg.instruction, hook),
      costs: [
        ...leg.costs,
        ...sideHookCosts(setup.pay),
        // The vault passes each hook account through to its one payment transfer.
        { key: 'vault.perForwardedHookAccount', count: hook.length },
      ],
    },
    ...rest,
  ];
}
