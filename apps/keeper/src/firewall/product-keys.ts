// The product's keys and accounts, and the one rule every route shares: an instruction from
// outside may name a product key (any role: a key that signs the message signs for every
// instruction naming it) or write a product account only at the positions its route allows.
import type { Address, Instruction } from '@solana/kit';
import { isSigner, isWritable } from './message.ts';
import { FirewallRefusal } from './refusal.ts';

/** What the firewall protects. */
export type ProductKeys = Readonly<{
  /** Keys of the product by address, with their role (keeper, trade authority, ...). */
  keys: ReadonlyMap<Address, string>;
  /** Token accounts the product's keys own, with a description; writing one is guarded. */
  accounts: ReadonlyMap<Address, string>;
}>;

/**
 * The product keys and accounts as the firewall's lookup maps.
 *
 * @example
 * const product = productKeys({ keeper, 'trade authority': trade }, { [stable]: "keeper's USDC" });
 */
export function productKeys(
  keys: Readonly<Record<string, Address | readonly Address[]>>,
  accounts: Readonly<Record<string, string>> = {},
): ProductKeys {
  const map = new Map<Address, string>();
  for (const [role, value] of Object.entries(keys)) {
    for (const address of typeof value === 'string' ? [value] : value) {
      // A key with two roles keeps both names (the refusal says what it is).
      const had = map.get(address);
      map.set(address, had ? `${had} and ${role}` : role);
    }
  }
  return { keys: map, accounts: new Map(Object.entries(accounts) as [Address, string][]) };
}

/**
 * Refuses an instruction naming a product key, or writing a product account, at a position
 * outside `allowed` (account positions in the instruction).
 *
 * @throws {FirewallRefusal} `PRODUCT_KEY_NAMED`.
 * @example
 * assertNoProductKeyNamed('rfq-rebalance', 2, ix, product, new Set([0, 3]));
 */
export function assertNoProductKeyNamed(
  route: string,
  index: number,
  ix: Instruction,
  product: ProductKeys,
  allowed: ReadonlySet<number> = new Set(),
): void {
  (ix.accounts ?? []).forEach((meta, position) => {
    if (allowed.has(position)) return;
    const role = product.keys.get(meta.address);
    const flags = `${isSigner(meta.role) ? 'signer' : ''}${isWritable(meta.role) ? ' writable' : ''}`;
    if (role !== undefined) {
      throw new FirewallRefusal(
        route,
        index,
        'PRODUCT_KEY_NAMED',
        `names the ${role} ${meta.address} (${flags.trim() || 'readonly'}) at account ${position} of program ${ix.programAddress}`,
      );
    }
    const account = product.accounts.get(meta.address);
    if (account !== undefined && isWritable(meta.role)) {
      throw new FirewallRefusal(
        route,
        index,
        'PRODUCT_KEY_NAMED',
        `writes ${account} ${meta.address} at account ${position} of program ${ix.programAddress}`,
      );
    }
  });
}

/**
 * Refuses a message whose fee payer is a product key: it would pay the fee, any priority fee
 * and any rent the message asks for.
 *
 * @throws {FirewallRefusal} `FEE_PAYER_IS_PRODUCT_KEY`.
 * @example
 * assertFeePayerOutside('rfq-reward', message.feePayer, product);
 */
export function assertFeePayerOutside(route: string, feePayer: Address, product: ProductKeys) {
  const role = product.keys.get(feePayer);
  if (role !== undefined) {
    throw new FirewallRefusal(
      route,
      null,
      'FEE_PAYER_IS_PRODUCT_KEY',
      `the fee payer ${feePayer} is the ${role}`,
    );
  }
}
