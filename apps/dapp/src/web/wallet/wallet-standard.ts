// Wallets through the Wallet Standard's React bindings (@wallet-standard/react): discovery is
// `useWallets()`, connecting and disconnecting are `useConnect` / `useDisconnect`, and a
// connected `UiWalletAccount` signs through its wallet's `solana:signTransaction` and
// `solana:signMessage` features, handed the wallet's own account object the way Kit's React
// package (@solana/react) does; that package itself is not used: its release pins an older
// @solana/kit (docs/decisions/0612-solana-react-is-not-used.md).
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
import { StandardConnect } from '@wallet-standard/features';
import {
  getWalletAccountFeature,
  type UiWallet,
  type UiWalletAccount,
} from '@wallet-standard/react';
import { getWalletAccountForUiWalletAccount_DO_NOT_USE_OR_YOU_WILL_BE_FIRED as walletAccountOf } from '@wallet-standard/ui-registry';

/** A wallet the page can use: it connects and signs Solana transactions and messages. */
export function isUsableWallet(wallet: UiWallet): boolean {
  return (
    wallet.features.includes(StandardConnect) &&
    wallet.features.includes(SolanaSignTransaction) &&
    wallet.features.includes(SolanaSignMessage) &&
    wallet.chains.some((c) => c.startsWith('solana:'))
  );
}

/** The account a connect answered with: the first on a Solana chain. */
export function solanaAccountOf(accounts: readonly UiWalletAccount[]): UiWalletAccount | null {
  return accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0] ?? null;
}

export async function signMessageWith(
  account: UiWalletAccount,
  message: Uint8Array,
): Promise<Uint8Array> {
  const feature = getWalletAccountFeature(
    account,
    SolanaSignMessage,
  ) as SolanaSignMessageFeature[typeof SolanaSignMessage];
  const [out] = await feature.signMessage({ account: walletAccountOf(account), message });
  if (!out) throw new Error('the wallet returned no signature');
  return out.signature;
}

/**
 * The wallet's signer, with a hook the transaction runner sets to hear when the wallet answered.
 * The hook lives in its own object: kit freezes the signers it is handed.
 */
export type WalletSigner = TransactionModifyingSigner & {
  readonly hooks: { onSigned: (() => void) | null };
};

/**
 * The connected account as a kit signer: each transaction goes to the wallet in wire format and
 * comes back signed; the lifetime the page built it with is kept (the wire format drops it).
 */
export function walletSigner(account: UiWalletAccount, chain: string): WalletSigner {
  const feature = getWalletAccountFeature(
    account,
    SolanaSignTransaction,
  ) as SolanaSignTransactionFeature[typeof SolanaSignTransaction];
  const encoder = getTransactionEncoder();
  const decoder = getTransactionDecoder();
  const signer: WalletSigner = {
    address: account.address as Address,
    hooks: { onSigned: null },
    async modifyAndSignTransactions(transactions) {
      const walletAccount = walletAccountOf(account);
      const outputs = await feature.signTransaction(
        ...transactions.map((t) => ({
          account: walletAccount,
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
