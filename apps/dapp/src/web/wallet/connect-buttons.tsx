import { h } from '../h.ts';
import { useWallet } from './wallet-context.ts';

/** One button per discovered Wallet Standard wallet, or a sentence when there is none. */
export function ConnectButtons() {
  const w = useWallet();
  if (w.wallets.length === 0) {
    return h(
      'p',
      { className: 'hint' },
      'No Solana wallet found in this browser. Install one that supports Wallet Standard.',
    );
  }
  return h(
    'div',
    { className: 'connect' },
    w.wallets.map((wallet) =>
      h(
        'button',
        { key: wallet.name, type: 'button', onClick: () => void w.connect(wallet) },
        wallet.icon ? h('img', { src: wallet.icon, alt: '', width: 20, height: 20 }) : null,
        ` Connect ${wallet.name}`,
      ),
    ),
    w.error ? h('p', { className: 'error', role: 'alert' }, w.error) : null,
  );
}
