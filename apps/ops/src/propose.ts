/**
 * Turning instructions into a proposal file: a fresh durable-nonce account per proposal (its
 * authority the fee payer), a v0 message with the nonce advance first, the fee payer's
 * signature, and empty slots for the admins. One nonce per proposal: advancing it on submit
 * retires exactly this proposal and no other.
 */
import { setComputeBudget } from '@basket/sdk';
import type { Chain } from '@basket/world';
import {
  type Address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  type Nonce,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingDurableNonce,
} from '@solana/kit';
import {
  fetchMaybeNonce,
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import { OpsError } from './errors.ts';
import { proposalPriorityFee } from './proposal-fee.ts';
import {
  encodeTransaction,
  type Governance,
  PROPOSAL_FORMAT,
  type Proposal,
} from './proposal-file.ts';

/**
 * Creates a nonce account whose authority is `feePayer`.
 *
 * @example
 * const nonceAccount = await createNonceAccount(chain, feePayer);
 */
export async function createNonceAccount(chain: Chain, feePayer: KeyPairSigner): Promise<Address> {
  const account = await generateKeyPairSigner();
  const space = BigInt(getNonceSize());
  const lamports = await chain.rpc.getMinimumBalanceForRentExemption(space).send();
  await chain.landRaw('create the proposal nonce account', feePayer, [
    getCreateAccountInstruction({
      payer: feePayer,
      newAccount: account,
      lamports,
      space,
      programAddress: SYSTEM_PROGRAM_ADDRESS,
    }),
    getInitializeNonceAccountInstruction({
      nonceAccount: account.address,
      nonceAuthority: feePayer.address,
    }),
  ]);
  return account.address;
}

/** The nonce value stored in `nonceAccount` now. */
export async function currentNonce(chain: Chain, nonceAccount: Address): Promise<Nonce> {
  const account = await fetchMaybeNonce(chain.rpc, nonceAccount, { commitment: 'confirmed' });
  if (!account.exists) {
    throw new OpsError('ACCOUNT_NOT_FOUND', `nonce account ${nonceAccount} does not exist`);
  }
  return account.data.blockhash as unknown as Nonce;
}

/**
 * Builds and writes nothing: returns the proposal for `instructions`, already signed by the
 * fee payer. Admin signers inside `instructions` are address-only (`createNoopSigner`).
 *
 * @example
 * const proposal = await buildProposal(chain, { environment: 'devnet', action: 'vault.pause', summary, governance, feePayer, instructions });
 */
export async function buildProposal(
  chain: Chain,
  input: {
    environment: string;
    action: string;
    summary: string;
    governance: Governance;
    feePayer: KeyPairSigner;
    instructions: readonly Instruction[];
    /** Signers that are not admins (the fee payer is always one). */
    operatorSigners?: readonly Address[];
    nonceAccount?: Address;
  },
): Promise<Proposal> {
  const nonceAccount = input.nonceAccount ?? (await createNonceAccount(chain, input.feePayer));
  const nonce = await currentNonce(chain, nonceAccount);
  // Priced now: the admins sign this exact message, so the fee cannot change later.
  const unpriced = await assembleProposal({ ...input, nonceAccount, nonce });
  const priorityFee = await proposalPriorityFee(
    chain,
    unpriced.transaction as Base64EncodedWireTransaction,
    input.instructions,
  );
  return assembleProposal({ ...input, nonceAccount, nonce, priorityFee });
}

/**
 * The proposal for `instructions` bound to `nonce` (the value stored in `nonceAccount`), signed
 * by the fee payer: no network, so it is what tests and air-gapped tooling build on.
 *
 * @example
 * const proposal = await assembleProposal({ ...input, nonceAccount, nonce });
 */
export async function assembleProposal(input: {
  environment: string;
  action: string;
  summary: string;
  governance: Governance;
  feePayer: KeyPairSigner;
  instructions: readonly Instruction[];
  operatorSigners?: readonly Address[];
  nonceAccount: Address;
  nonce: Nonce;
  /** Compute-unit limit and price (buildProposal measures and decides them); omitted: none. */
  priorityFee?: { computeUnitLimit: number; microLamportsPerCu: bigint };
}): Promise<Proposal> {
  const { nonceAccount, nonce } = input;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.feePayer.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingDurableNonce(
        { nonce, nonceAccountAddress: nonceAccount, nonceAuthorityAddress: input.feePayer.address },
        m,
      ),
    (m) => (input.priorityFee ? setComputeBudget(m, input.priorityFee) : m),
    (m) => appendTransactionMessageInstructions(input.instructions, m),
  );
  const transaction = await partiallySignTransaction(
    [input.feePayer.keyPair],
    compileTransaction(message),
  );
  return {
    format: PROPOSAL_FORMAT,
    environment: input.environment,
    action: input.action,
    summary: input.summary,
    governance: input.governance,
    nonceAccount,
    operatorSigners: [input.feePayer.address, ...(input.operatorSigners ?? [])],
    createdAt: new Date().toISOString(),
    transaction: encodeTransaction(transaction),
  };
}
