// Terms acceptance: the wallet signs the terms text once (Wallet Standard `solana:signMessage`)
// and no transaction flow opens before it. The signed message binds the domain that asked
// for it, the cluster, a nonce the server issued, the wallet, the terms version and the text's
// SHA-256, followed by the text itself: the signature proves which words were accepted, and
// cannot be replayed to another deployment's domain or cluster, or recorded twice.
import {
  type Address,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit';

export type Terms = Readonly<{
  version: string;
  text: string;
  /** The deployment's domain (the server's DAPP_DOMAIN), named in the message. */
  domain: string;
  /** The cluster the deployment serves (mainnet-beta, devnet, localnet). */
  cluster: string;
  /** The server's single-use nonce for this signature (from the visitor's session). */
  nonce: string;
}>;

/** What the page keeps (localStorage) after the wallet signed. */
export type TermsAcceptance = Readonly<{
  wallet: string;
  version: string;
  sha256: string;
  domain: string;
  cluster: string;
  nonce: string;
  /** Signature over {@link termsMessage}, hex. */
  signatureHex: string;
}>;

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The exact bytes the wallet signs. */
export async function termsMessage(terms: Terms, wallet: string): Promise<Uint8Array> {
  const header = [
    'Basket Vault terms of use',
    `Domain: ${terms.domain}`,
    `Cluster: ${terms.cluster}`,
    `Nonce: ${terms.nonce}`,
    `Version: ${terms.version}`,
    `Wallet: ${wallet}`,
    `SHA-256: ${await sha256Hex(terms.text)}`,
    '',
  ].join('\n');
  return encoder.encode(`${header}\n${terms.text}`);
}

export function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array | null {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** The acceptance record for a signature the wallet returned. */
export async function acceptanceOf(
  terms: Terms,
  wallet: string,
  signature: Uint8Array,
): Promise<TermsAcceptance> {
  return {
    wallet,
    version: terms.version,
    sha256: await sha256Hex(terms.text),
    domain: terms.domain,
    cluster: terms.cluster,
    nonce: terms.nonce,
    signatureHex: toHex(signature),
  };
}

/**
 * Whether a stored acceptance covers these terms for this wallet: same wallet, version, text
 * hash, domain and cluster, and an Ed25519 signature by the wallet over the message with the
 * record's own nonce (a later session's nonce differs; the server checks the nonce was its
 * own and unused). A changed text, another domain or another cluster needs a new signature.
 */
export async function isAcceptanceValid(
  record: TermsAcceptance | null,
  terms: Terms,
  wallet: string,
): Promise<boolean> {
  if (!record || record.wallet !== wallet || record.version !== terms.version) return false;
  if (record.domain !== terms.domain || record.cluster !== terms.cluster) return false;
  if (typeof record.nonce !== 'string' || record.nonce === '') return false;
  if (record.sha256 !== (await sha256Hex(terms.text))) return false;
  const signature = fromHex(record.signatureHex);
  if (signature?.length !== 64) return false;
  try {
    const key = await getPublicKeyFromAddress(wallet as Address);
    return await verifySignature(
      key,
      signature as SignatureBytes,
      await termsMessage({ ...terms, nonce: record.nonce }, wallet),
    );
  } catch {
    return false;
  }
}
