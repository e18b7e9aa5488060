// A Wallet Standard wallet injected into the page for browser tests. The page sees an ordinary
// standard wallet (connect, events, solana:signTransaction, solana:signMessage); the key stays
// in the test process: the page hands bytes to exposed functions and gets signatures back.
import {
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit';
import type { Page } from 'playwright-core';

export const TEST_WALLET_NAME = 'Basket Test Wallet';

const b64 = { encode: getBase64Decoder(), decode: getBase64Encoder() };

/** Installs the wallet for every page load of `page`; signs with `signer`. */
export async function installTestWallet(
  page: Page,
  signer: KeyPairSigner,
  chain: string,
): Promise<void> {
  await page.exposeFunction('__basketTestWalletSignTransaction', async (wire: string) => {
    const tx = getTransactionDecoder().decode(b64.decode.encode(wire));
    const signed = await partiallySignTransaction([signer.keyPair], tx);
    return b64.encode.decode(getTransactionEncoder().encode(signed));
  });
  await page.exposeFunction('__basketTestWalletSignMessage', async (message: string) => {
    const signature = await signBytes(signer.keyPair.privateKey, b64.decode.encode(message));
    return b64.encode.decode(signature);
  });
  const publicKey = [
    ...new Uint8Array(await crypto.subtle.exportKey('raw', signer.keyPair.publicKey)),
  ];
  const input = { address: signer.address, publicKey, chain, name: TEST_WALLET_NAME };
  await page.addInitScript({ content: `${REGISTER_IN_PAGE}(${JSON.stringify(input)});` });
}

// The in-page half, as source text: a function serialised from this module would carry the
// test runner's transpiler helpers, which do not exist in the page.
const REGISTER_IN_PAGE = `
(function (input) {
  var toB64 = function (u8) { var s = ''; for (var i = 0; i < u8.length; i++) s += String.fromCharCode(u8[i]); return btoa(s); };
  var fromB64 = function (s) { return Uint8Array.from(atob(s), function (c) { return c.charCodeAt(0); }); };
  var account = Object.freeze({
    address: input.address,
    publicKey: new Uint8Array(input.publicKey),
    chains: [input.chain],
    features: ['solana:signTransaction', 'solana:signMessage'],
  });
  var listeners = {};
  var accounts = [];
  var emit = function () { (listeners.change || []).forEach(function (l) { l({ accounts: accounts }); }); };
  var wallet = {
    version: '1.0.0',
    name: input.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=',
    chains: [input.chain],
    get accounts() { return accounts; },
    features: {
      'standard:connect': { version: '1.0.0', connect: async function () { accounts = [account]; emit(); return { accounts: accounts }; } },
      'standard:disconnect': { version: '1.0.0', disconnect: async function () { accounts = []; emit(); } },
      'standard:events': { version: '1.0.0', on: function (event, listener) {
        listeners[event] = (listeners[event] || []).concat([listener]);
        return function () { listeners[event] = (listeners[event] || []).filter(function (l) { return l !== listener; }); };
      } },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: function () {
        return Promise.all(Array.prototype.map.call(arguments, async function (i) {
          return { signedTransaction: fromB64(await window.__basketTestWalletSignTransaction(toB64(i.transaction))) };
        }));
      } },
      'solana:signMessage': { version: '1.0.0', signMessage: function () {
        return Promise.all(Array.prototype.map.call(arguments, async function (i) {
          return { signedMessage: i.message, signature: fromB64(await window.__basketTestWalletSignMessage(toB64(i.message))) };
        }));
      } },
    },
  };
  var callback = function (api) { api.register(wallet); };
  try { window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback })); } catch (e) {}
  window.addEventListener('wallet-standard:app-ready', function (event) { callback(event.detail); });
})`;
