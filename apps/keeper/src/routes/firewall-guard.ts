// The firewall's inputs read from the chain, and its refusals turned into alerts: the product's
// keys (the keeper's own signers, and every configured vault's keeper, trade authority and
// admins, the oracle's NAV signers and admins, the rewards program's distributors and admins),
// the lookup tables a third party's message loads, and a blockhash lifetime whose
// lastValidBlockHeight comes from our RPC (a provider's low value would make a fill that landed
// look expired, and the keeper would trade again).
import {
  fetchAddressLookupTables,
  findOracleConfigPda,
  findRewardsConfigPda,
  oracleConfigAccount,
  readAccounts,
  rewardsConfigAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address, Blockhash } from '@solana/kit';
import { KeeperError } from '../decisions/errors.ts';
import { type DecodedMessage, decodeMessage, lookupTablesOf } from '../firewall/message.ts';
import { type ProductKeys, productKeys } from '../firewall/product-keys.ts';
import { FirewallRefusal } from '../firewall/refusal.ts';
import type { KeeperContext } from '../jobs/context.ts';

/** An empty signer-set slot (the default address) is nobody. */
const EMPTY = '11111111111111111111111111111111';

type SignerSetLike = Readonly<{ keys: readonly Address[] }>;
const members = (set: SignerSetLike | undefined) => (set?.keys ?? []).filter((k) => k !== EMPTY);

/**
 * The product's keys as the chain and the configuration name them, with `accounts` (token
 * accounts of those keys the route knows, described) to guard against writes.
 *
 * @example
 * const product = await productKeysOf(ctx, { [setup.pay.tradeAccount]: "the trade authority's USDC" });
 */
export async function productKeysOf(
  ctx: Pick<
    KeeperContext,
    | 'rpc'
    | 'programs'
    | 'skus'
    | 'signer'
    | 'tradeSigner'
    | 'navSigner'
    | 'distributor'
    | 'feePayer'
    | 'config'
  >,
  accounts: Readonly<Record<string, string>> = {},
): Promise<ProductKeys> {
  const [[oracleConfig], [rewardsConfig]] = await Promise.all([
    findOracleConfigPda({ programAddress: ctx.programs.oracle }),
    findRewardsConfigPda({ programAddress: ctx.programs.rewards }),
  ]);
  const [oracle, rewards, ...vaults] = await readAccounts(ctx.rpc, [
    oracleConfigAccount(oracleConfig, ctx.programs),
    rewardsConfigAccount(rewardsConfig, ctx.programs),
    ...ctx.skus.map((s) => vaultStateAccount(s.vault as Address, ctx.programs)),
  ] as never[]);
  const o = oracle?.exists ? (oracle.data as { admins: SignerSetLike; keepers: Address[] }) : null;
  const r = rewards?.exists
    ? (rewards.data as { admins: SignerSetLike; keepers: Address[] })
    : null;
  const v = vaults.flatMap((a) =>
    a?.exists
      ? [a.data as { keeper: Address; tradeAuthority: Address; admins: SignerSetLike }]
      : [],
  );
  return productKeys(
    {
      keeper: [ctx.signer.address, ...v.map((x) => x.keeper)],
      'trade authority': [ctx.tradeSigner.address, ...v.map((x) => x.tradeAuthority)],
      'NAV signer': [ctx.navSigner.address, ...(o?.keepers ?? []).filter((k) => k !== EMPTY)],
      'rewards distributor': [
        ctx.distributor.address,
        ...(r?.keepers ?? []).filter((k) => k !== EMPTY),
      ],
      'fee payer': [ctx.feePayer.address],
      admin: [...v.flatMap((x) => members(x.admins)), ...members(o?.admins), ...members(r?.admins)],
      // Keys of the product only the operator knows (cold admins, ...).
      'product key': (ctx.config.productKeys ?? []) as Address[],
    } as Record<string, Address[]>,
    accounts,
  );
}

/**
 * Decodes a third party's message whole, fetching the lookup tables it loads from.
 *
 * @throws {FirewallRefusal} `UNDECODABLE`, `LOOKUP_TABLE_UNRESOLVED`.
 * @example
 * const message = await decodeThirdPartyMessage(ctx, 'rfq-reward', tx.messageBytes);
 */
export async function decodeThirdPartyMessage(
  ctx: Pick<KeeperContext, 'rpc'>,
  route: string,
  messageBytes: Uint8Array,
): Promise<DecodedMessage> {
  const tables = lookupTablesOf(messageBytes);
  const resolved =
    tables.length === 0
      ? {}
      : await fetchAddressLookupTables(ctx.rpc, tables, { commitment: 'confirmed' }).catch(
          () => ({}),
        );
  return decodeMessage(route, messageBytes, resolved);
}

/**
 * Runs a firewall decision; a refusal is alerted (critical: a counterparty sent something
 * that would have moved the product's funds) and rethrown for the caller's next route.
 *
 * @example
 * const checked = await guarded(ctx, 'rfq-rebalance', { sku }, () => checkRfqFill(...));
 */
export async function guarded<T>(
  ctx: Pick<KeeperContext, 'alert'>,
  route: string,
  fields: Record<string, unknown>,
  decide: () => T | Promise<T>,
): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (error instanceof FirewallRefusal) {
      ctx.alert('transaction-refused', 'critical', error.message, {
        ...fields,
        route,
        instruction: error.instructionIndex,
        reason: error.reason,
      });
    }
    throw error;
  }
}

/**
 * The lifetime to send a third party's message with: its blockhash, if our RPC still holds it
 * valid, and as lastValidBlockHeight our RPC's latest one (an upper bound of the blockhash's
 * true last height, so a landed fill is never taken for expired); the provider's number is
 * never used.
 *
 * @throws {KeeperError} `RFQ_QUOTE_STALE` when the blockhash is no longer valid (nothing signed).
 * @example
 * const lifetime = await rpcLifetime(ctx, compiled.lifetimeToken);
 */
export async function rpcLifetime(
  ctx: Pick<KeeperContext, 'rpc'>,
  blockhash: string,
): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }> {
  const [valid, latest] = await Promise.all([
    ctx.rpc.isBlockhashValid(blockhash as Blockhash, { commitment: 'confirmed' }).send(),
    ctx.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
  ]);
  if (!valid.value) {
    throw new KeeperError(
      'RFQ_QUOTE_STALE',
      `the fill's blockhash ${blockhash} is no longer valid`,
    );
  }
  return {
    blockhash: blockhash as Blockhash,
    lastValidBlockHeight: latest.value.lastValidBlockHeight,
  };
}
