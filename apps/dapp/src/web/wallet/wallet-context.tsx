// The page's wallet state: the wallets the Wallet Standard's React bindings discover, the
// connected account (followed as the wallet changes it) and its signer, and whether this
// account signed the current terms (kept in localStorage, checked by signature).
import { type UiWallet, type UiWalletAccount, useWallets } from '@wallet-standard/react';
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
import {
  isUsableWallet,
  signMessageWith,
  solanaAccountOf,
  type WalletSigner,
  walletSigner,
} from './wallet-standard.ts';

export type WalletState = Readonly<{
  wallets: readonly UiWallet[];
  wallet: UiWallet | null;
  account: UiWalletAccount | null;
  address: string | null;
  signer: WalletSigner | null;
  termsAccepted: boolean;
  /** A wallet answered a connect (`useConnect`) with these accounts. */
  connected: (wallet: UiWallet, accounts: readonly UiWalletAccount[]) => void;
  /** Forgets the connection (after the wallet's `useDisconnect`, or when it failed). */
  forget: () => void;
  signTerms: () => Promise<void>;
  /** A connect or sign failure, in words. */
  fail: (message: string) => void;
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
  const all = useWallets();
  const wallets = useMemo(() => all.filter(isUsableWallet), [all]);
  // The connection as names: the wallet and account objects are re-vended by useWallets as the
  // wallet changes them, so the current ones are looked up (an account the wallet dropped is
  // no longer connected).
  // Until the wallet lists the account (a wallet emits its change after connecting), the account
  // its connect answered is used.
  const [chosen, setChosen] = useState<{
    wallet: string;
    address: string;
    answered: UiWalletAccount;
    listed: boolean;
  } | null>(null);
  const wallet = chosen ? (wallets.find((w) => w.name === chosen.wallet) ?? null) : null;
  const listedAccount = chosen
    ? (wallet?.accounts.find((a) => a.address === chosen.address) ?? null)
    : null;
  const account = listedAccount ?? (chosen && !chosen.listed ? chosen.answered : null);
  useEffect(() => {
    if (listedAccount && chosen && !chosen.listed) setChosen({ ...chosen, listed: true });
  }, [listedAccount, chosen]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  const connected = useCallback((w: UiWallet, accounts: readonly UiWalletAccount[]) => {
    const a = solanaAccountOf(accounts);
    if (!a) {
      setError(`${w.name} returned no account`);
      return;
    }
    setError(null);
    setChosen({ wallet: w.name, address: a.address, answered: a, listed: false });
  }, []);
  const forget = useCallback(() => setChosen(null), []);
  const fail = useCallback((message: string) => setError(message), []);

  const signTerms = useCallback(async () => {
    if (!account) return;
    setError(null);
    try {
      const message = await termsMessage(session.terms, account.address);
      const signature = await signMessageWith(account, message);
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
  }, [account, session.terms, session.termsRecording]);

  const signer = useMemo(() => (account ? walletSigner(account, chain) : null), [account, chain]);
  const value: WalletState = {
    wallets,
    wallet,
    account,
    address,
    signer,
    termsAccepted,
    connected,
    forget,
    signTerms,
    fail,
    error,
  };
  return <WalletContext.Provider value={value}>{props.children}</WalletContext.Provider>;
}

export function useWallet(): WalletState {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet outside WalletProvider');
  return value;
}
