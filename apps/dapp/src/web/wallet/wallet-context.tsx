// The page's wallet state: discovered wallets, the connected account and its signer, and
// whether this account signed the current terms (kept in localStorage, checked by signature).
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  acceptanceOf,
  isAcceptanceValid,
  type TermsAcceptance,
  termsMessage,
} from '../../shared/terms.ts';
import { useDapp } from '../data/context.ts';
import { recordAcceptance } from '../data/terms-record.ts';
import { h } from '../h.ts';
import {
  connectWallet,
  disconnectWallet,
  signMessageWith,
  type WalletSigner,
  walletSigner,
  watchWallets,
} from './wallet-standard.ts';

export type WalletState = Readonly<{
  wallets: readonly Wallet[];
  wallet: Wallet | null;
  account: WalletAccount | null;
  address: string | null;
  signer: WalletSigner | null;
  termsAccepted: boolean;
  connect: (wallet: Wallet) => Promise<void>;
  disconnect: () => Promise<void>;
  signTerms: () => Promise<void>;
  error: string | null;
}>;

const WalletContext = createContext<WalletState | null>(null);
const storageKey = (address: string) => `basket-terms:${address}`;

function readAcceptance(address: string): TermsAcceptance | null {
  try {
    return JSON.parse(
      window.localStorage.getItem(storageKey(address)) ?? 'null',
    ) as TermsAcceptance | null;
  } catch {
    return null;
  }
}

export function WalletProvider(props: { children: ReactNode }) {
  const { session } = useDapp();
  const chain = `solana:${session.config.cluster}`;
  const [wallets, setWallets] = useState<readonly Wallet[]>([]);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [account, setAccount] = useState<WalletAccount | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => watchWallets(setWallets), []);
  const address = account?.address ?? null;

  useEffect(() => {
    let live = true;
    setTermsAccepted(false);
    if (address) {
      const stored = readAcceptance(address);
      // With a server record the acceptance counts once recorded (sent again: idempotent).
      isAcceptanceValid(stored, session.terms, address)
        .then(async (ok) => {
          if (ok && stored && session.termsRecording) await recordAcceptance(stored);
          return ok;
        })
        .then(
          (ok) => live && setTermsAccepted(ok),
          (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
        );
    }
    return () => {
      live = false;
    };
  }, [address, session.terms, session.termsRecording]);

  const connect = useCallback(async (w: Wallet) => {
    setError(null);
    try {
      const a = await connectWallet(w);
      setWallet(w);
      setAccount(a);
    } catch (e) {
      setError(`Could not connect ${w.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, []);

  const disconnect = useCallback(async () => {
    if (wallet) await disconnectWallet(wallet).catch(() => {});
    setWallet(null);
    setAccount(null);
  }, [wallet]);

  const signTerms = useCallback(async () => {
    if (!wallet || !account) return;
    setError(null);
    try {
      const message = await termsMessage(session.terms, account.address);
      const signature = await signMessageWith(wallet, account, message);
      const record = await acceptanceOf(session.terms, account.address, signature);
      if (!(await isAcceptanceValid(record, session.terms, account.address))) {
        throw new Error('the wallet’s signature does not verify against the terms');
      }
      if (session.termsRecording) await recordAcceptance(record);
      window.localStorage.setItem(storageKey(account.address), JSON.stringify(record));
      setTermsAccepted(true);
    } catch (e) {
      setError(`The terms were not signed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, [wallet, account, session.terms, session.termsRecording]);

  const signer = useMemo(
    () => (wallet && account ? walletSigner(wallet, account, chain) : null),
    [wallet, account, chain],
  );
  const value: WalletState = {
    wallets,
    wallet,
    account,
    address,
    signer,
    termsAccepted,
    connect,
    disconnect,
    signTerms,
    error,
  };
  return h(WalletContext.Provider, { value }, props.children);
}

export function useWallet(): WalletState {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet outside WalletProvider');
  return value;
}
