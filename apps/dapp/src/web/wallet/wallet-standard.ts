// Wallets through Wallet Standard: discovered, never hard-coded; a connected account becomes a
// kit `TransactionModifyingSigner` (the wallet signs the wire transaction) and signs messages.

import {
  type Address,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction,
  type TransactionModifyingSigner,
} from '@solana/kit';
import {
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
} from '@wallet-standard/features';

/** A wallet the page can use: it connects and signs Solana transactions and messages. */
export function isUsableWallet(wallet: Wallet): boolean {
  return (
    StandardConnect in wallet.features &&
    SolanaSignTransaction in wallet.features &&
    SolanaSignMessage in wallet.features &&
    wallet.chains.some((c) => c.startsWith('solana:'))
  );
}

/** Usable wallets now, and a subscription for those registering later. */
export function watchWallets(onChange: (wallets: readonly Wallet[]) => void): () => void {
  const api = getWallets();
  const emit = () => onChange(api.get().filter(isUsableWallet));
  emit();
  const offRegister = api.on('register', emit);
  const offUnregister = api.on('unregister', emit);
  return () => {
    offRegister();
    offUnregister();
  };
}

export async function connectWallet(wallet: Wallet): Promise<WalletAccount> {
  const { accounts } = await (wallet.features as StandardConnectFeature)[StandardConnect].connect();
  const account =
    accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];
  if (!account) throw new Error(`${wallet.name} returned no account`);
  return account;
}

export async function disconnectWallet(wallet: Wallet): Promise<void> {
  const feature = (wallet.features as Partial<StandardDisconnectFeature>)[StandardDisconnect];
  await feature?.disconnect();
}

export async function signMessageWith(
  wallet: Wallet,
  account: WalletAccount,
  message: Uint8Array,
): Promise<Uint8Array> {
  const [out] = await (wallet.features as SolanaSignMessageFeature)[SolanaSignMessage].signMessage({
    account,
    message,
  });
  if (!out) throw new Error(`${wallet.name} returned no signature`);
  return out.signature;
}

/**
 * The connected account as a kit signer: each transaction goes to the wallet in wire format and
 * comes back signed; the lifetime the page built it with is kept (the wire format drops it).
 */
/**
 * The wallet's signer, with a hook the transaction runner sets to hear when the wallet answered.
 * The hook lives in its own object: kit freezes the signers it is handed.
 */
export type WalletSigner = TransactionModifyingSigner & {
  readonly hooks: { onSigned: (() => void) | null };
};

export function walletSigner(wallet: Wallet, account: WalletAccount, chain: string): WalletSigner {
  const feature = (wallet.features as SolanaSignTransactionFeature)[SolanaSignTransaction];
  const encoder = getTransactionEncoder();
  const decoder = getTransactionDecoder();
  const signer: WalletSigner = {
    address: account.address as Address,
    hooks: { onSigned: null },
    async modifyAndSignTransactions(transactions) {
      const outputs = await feature.signTransaction(
        ...transactions.map((t) => ({
          account,
          transaction: new Uint8Array(encoder.encode(t as Transaction)),
          chain: chain as `${string}:${string}`,
        })),
      );
      signer.hooks.onSigned?.();
      return outputs.map((out, i) => {
        const signed = decoder.decode(out.signedTransaction);
        const original = transactions[i] as Transaction & { lifetimeConstraint?: unknown };
        return {
          ...signed,
          lifetimeConstraint: original.lifetimeConstraint,
        } as unknown as (typeof transactions)[number];
      }) as unknown as Awaited<ReturnType<TransactionModifyingSigner['modifyAndSignTransactions']>>;
    },
  };
  return signer;
}
