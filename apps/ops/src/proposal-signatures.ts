/**
 * Signing a proposal offline and checking it before it is sent. The checks mirror what the
 * programs enforce (`SignerSet::check_signed`: distinct configured keys, at least the
 * threshold) and add what the programs cannot see: a signer that is no admin at all is
 * refused here, by name, instead of being silently ignored on chain.
 */
import {
  type Address,
  getPublicKeyFromAddress,
  type KeyPairSigner,
  partiallySignTransaction,
  type SignatureBytes,
  type Transaction,
  verifySignature,
} from '@solana/kit';
import { OpsError } from './errors.ts';
import {
  decodeTransaction,
  encodeTransaction,
  type Proposal,
  requiredSigners,
} from './proposal-file.ts';

/** The admin set that governs a proposal, as stored on chain. */
export type AdminSet = Readonly<{ keys: readonly Address[]; threshold: number }>;

/**
 * Adds `signer`'s signature; refuses a key the transaction does not name as a signer.
 *
 * @example
 * const signed = await signProposal(proposal, await signerFromFile('admin-2.json'));
 */
export async function signProposal(proposal: Proposal, signer: KeyPairSigner): Promise<Proposal> {
  const transaction = decodeTransaction(proposal);
  const required = requiredSigners(transaction);
  if (!required.includes(signer.address)) {
    throw new OpsError(
      'NOT_A_REQUIRED_SIGNER',
      `${signer.address} is not a signer of this proposal (signers: ${required.join(', ')})`,
    );
  }
  const signed = await partiallySignTransaction([signer.keyPair], transaction);
  return { ...proposal, transaction: encodeTransaction(signed) };
}

export type SignatureState = Readonly<{ address: Address; state: 'valid' | 'missing' | 'invalid' }>;

/** Each required signer's signature: present and verifying, missing, or invalid. */
export async function signatureStates(transaction: Transaction): Promise<SignatureState[]> {
  return Promise.all(
    requiredSigners(transaction).map(async (address) => {
      const signature = transaction.signatures[address];
      if (!signature) return { address, state: 'missing' as const };
      const key = await getPublicKeyFromAddress(address);
      const ok = await verifySignature(key, signature as SignatureBytes, transaction.messageBytes);
      return { address, state: ok ? ('valid' as const) : ('invalid' as const) };
    }),
  );
}

/**
 * Refuses to send unless every required signer is a configured admin or a named operator
 * signer (`NON_ADMIN_SIGNER`), at least `threshold` distinct admins signed validly
 * (`ADMIN_THRESHOLD_NOT_MET`), and no other required signature is missing or bad
 * (`MISSING_SIGNATURE`). Returns the admins who signed.
 *
 * @example
 * const admins = await checkReadyToSubmit(proposal, { keys, threshold: 3 });
 */
export async function checkReadyToSubmit(proposal: Proposal, admins: AdminSet): Promise<Address[]> {
  const transaction = decodeTransaction(proposal);
  const states = await signatureStates(transaction);
  const isAdmin = (a: Address) => admins.keys.includes(a);
  const strangers = states.filter(
    (s) => !isAdmin(s.address) && !proposal.operatorSigners.includes(s.address),
  );
  if (strangers.length > 0) {
    throw new OpsError(
      'NON_ADMIN_SIGNER',
      `not configured admins of the ${governanceName(proposal)} admin set: ${strangers.map((s) => s.address).join(', ')}; propose again naming admins only`,
    );
  }
  const signedAdmins = [
    ...new Set(
      states.filter((s) => isAdmin(s.address) && s.state === 'valid').map((s) => s.address),
    ),
  ];
  if (signedAdmins.length < admins.threshold) {
    const waiting = states.filter((s) => isAdmin(s.address) && s.state !== 'valid');
    throw new OpsError(
      'ADMIN_THRESHOLD_NOT_MET',
      `${signedAdmins.length} of ${admins.threshold} admins signed; waiting for ${waiting.map((s) => `${s.address} (${s.state})`).join(', ') || 'more admins named in a new proposal'}`,
    );
  }
  const bad = states.filter((s) => s.state !== 'valid');
  if (bad.length > 0) {
    throw new OpsError(
      'MISSING_SIGNATURE',
      `signatures not valid yet: ${bad.map((s) => `${s.address} (${s.state})`).join(', ')}`,
    );
  }
  return signedAdmins;
}

export function governanceName(proposal: Pick<Proposal, 'governance'>): string {
  const g = proposal.governance;
  return g.kind === 'vault' ? `vault ${g.sku}` : g.kind;
}
