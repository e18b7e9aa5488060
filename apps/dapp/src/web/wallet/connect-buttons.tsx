// One button per discovered Wallet Standard wallet (each through `useConnect`), and the
// disconnect button of the connected one (`useDisconnect`).
import { type UiWallet, useConnect, useDisconnect } from '@wallet-standard/react';
import { useWallet } from './wallet-context.tsx';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function ConnectButton(props: { wallet: UiWallet }) {
  const w = useWallet();
  const [connecting, connect] = useConnect(props.wallet);
  const onClick = async () => {
    try {
      w.connected(props.wallet, await connect());
    } catch (e) {
      w.fail(`Could not connect ${props.wallet.name}: ${messageOf(e)}`);
    }
  };
  return (
    <button type="button" disabled={connecting} onClick={() => void onClick()}>
      {props.wallet.icon ? <img src={props.wallet.icon} alt="" width={20} height={20} /> : null}
      {` Connect ${props.wallet.name}`}
    </button>
  );
}

/** One button per discovered Wallet Standard wallet, or a sentence when there is none. */
export function ConnectButtons() {
  const w = useWallet();
  if (w.wallets.length === 0) {
    return (
      <p className="hint">
        No Solana wallet found in this browser. Install one that supports Wallet Standard.
      </p>
    );
  }
  return (
    <div className="connect">
      {w.wallets.map((wallet) => (
        <ConnectButton key={wallet.name} wallet={wallet} />
      ))}
      {w.error ? (
        <p className="error" role="alert">
          {w.error}
        </p>
      ) : null}
    </div>
  );
}

/** Disconnects the connected wallet; the page forgets the account whatever the wallet answers. */
export function DisconnectButton(props: { wallet: UiWallet }) {
  const w = useWallet();
  const [disconnecting, disconnect] = useDisconnect(props.wallet);
  return (
    <button
      type="button"
      className="secondary"
      disabled={disconnecting}
      onClick={() =>
        void disconnect()
          .catch(() => {})
          .finally(w.forget)
      }
    >
      Disconnect
    </button>
  );
}
