// The cast and the basket every step works with, and the reads several steps share.
import {
  amountToUiAmount,
  findSkuAddresses,
  formatDecimalAmount,
  readAccounts,
  tokenMintAccount,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { TestMint } from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Ledger } from './ledger.ts';

/** The SKU the scenario creates on LiteSVM: one vault, one snapshot, one share mint. */
export const SKU = 'TECH3';

/**
 * Everyone who signs something: generated in-process on LiteSVM (no secrets exist); on the
 * local world, the world's own keys (files under its keys directory) and a new SKU per run.
 */
export interface Cast {
  ledger: Ledger;
  /** The SKU this run creates. */
  sku: string;
  /** Upgrade authority of the three programs; pays for the one-shot set-up. */
  deployer: KeyPairSigner;
  /** The platform's and the vault's 5 admins; any 3 sign. */
  admins: KeyPairSigner[];
  /** The vault's keeper: sends keeper instructions (and, here, pays their fees). */
  keeper: KeyPairSigner;
  /** The oracle's NAV signer (one key per role): its Ed25519 key signs NAV payloads. */
  navSignerKeys: CryptoKeyPair;
  navSigner: KeyPairSigner;
  /** The rewards program's keeper (one key per role): posts `distribute_epoch`. */
  distributor: KeyPairSigner;
  /** Receives fees: withdrawal fees in stablecoin, management and performance fees in shares. */
  treasury: KeyPairSigner;
  /** On the local world: its staking token (the rewards program is configured once, by it). */
  world?: { stakingMint: TestMint };
}

/** A tokenized stock of the basket, with what the keeper's price feed says about it. */
export interface BasketAsset {
  symbol: string;
  mint: TestMint;
  /** ScaledUiAmount multiplier (1 for SPL Token mints, which have none). */
  multiplier: number;
  weightBps: number;
  /** Price of one displayed share of the stock, in 1e-8 USD. */
  priceUsd1e8: bigint;
}

/** The mints behind the vault. */
export interface Basket {
  stable: TestMint;
  assets: BasketAsset[];
}

/** The vault's state, decoded, as the SDK's builders take it. */
export async function readVault(cast: Cast): Promise<VaultStateAccount> {
  const { ledger, sku } = cast;
  const { vaultState } = await findSkuAddresses(sku, ledger.programs);
  const [vault] = await readAccounts(ledger.rpc, [vaultStateAccount(vaultState, ledger.programs)], {
    commitment: 'confirmed',
  });
  if (!vault.exists) throw new Error(`the vault of ${sku} does not exist`);
  return { address: vault.address, data: vault.data };
}

/**
 * `raw (display SYMBOL)`: the display amount is what a wallet shows, the ScaledUiAmount
 * multiplier applied by the SDK exactly as Token-2022 applies it.
 */
export async function tokenAmountText(
  ledger: Ledger,
  mint: Address,
  raw: bigint,
  symbol: string,
): Promise<string> {
  const [info] = await readAccounts(ledger.rpc, [tokenMintAccount(mint)], {
    commitment: 'confirmed',
  });
  if (!info.exists) throw new Error(`mint ${mint} does not exist`);
  const { decimals, scaledUiAmount } = info.data;
  const shown = scaledUiAmount
    ? amountToUiAmount(raw, decimals, scaledUiAmount, await ledger.now())
    : formatDecimalAmount(raw, decimals);
  return `${raw} raw (${shown} ${symbol})`;
}
