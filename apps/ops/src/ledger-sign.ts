/**
 * Signing a proposal with a Ledger running the Solana app, through Ledger's maintained
 * libraries: `@ledgerhq/hw-app-solana` speaks the app's APDUs over any `@ledgerhq/hw-transport`
 * (USB through `@ledgerhq/hw-transport-node-hid`, or a recorded exchange in tests). The device
 * shows the message and the admin approves on it; the signature it returns is verified here
 * against the device's address before it is written into the proposal.
 */
import Solana from '@ledgerhq/hw-app-solana';
import type Transport from '@ledgerhq/hw-transport';
import {
  type Address,
  getAddressDecoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit';
import { OpsError } from './errors.ts';
import {
  decodeTransaction,
  encodeTransaction,
  type Proposal,
  requiredSigners,
} from './proposal-file.ts';

/** The Solana app's first account (`solana-keygen`'s `usb://ledger` default). */
export const DEFAULT_LEDGER_PATH = "44'/501'/0'";

/** Status words the Solana app answers with when the admin rejects or the app is closed. */
const REFUSALS: Readonly<Record<number, string>> = {
  27013: 'the signature was rejected on the device',
  27265: 'the Solana app is not open on the device',
  28160: 'the Solana app is not open on the device',
  26632: 'blind signing is disabled in the Solana app settings (needed for program upgrades)',
};

/**
 * Adds the Ledger's signature to `proposal` (the account at `path` must be a required signer).
 *
 * @example
 * const transport = await openLedger();
 * const { proposal: signed, address } = await signProposalWithLedger(proposal, transport);
 */
export async function signProposalWithLedger(
  proposal: Proposal,
  transport: Transport,
  path: string = DEFAULT_LEDGER_PATH,
): Promise<{ proposal: Proposal; address: Address }> {
  const app = new Solana(transport);
  const transaction = decodeTransaction(proposal);
  try {
    const { address: key } = await app.getAddress(path);
    const address = getAddressDecoder().decode(key);
    const required = requiredSigners(transaction);
    if (!required.includes(address)) {
      throw new OpsError(
        'NOT_A_REQUIRED_SIGNER',
        `the Ledger's ${path} (${address}) is not a signer of this proposal (signers: ${required.join(', ')})`,
      );
    }
    const { signature } = await app.signTransaction(path, Buffer.from(transaction.messageBytes));
    const bytes = new Uint8Array(signature) as SignatureBytes;
    const valid = await verifySignature(
      await getPublicKeyFromAddress(address),
      bytes,
      transaction.messageBytes,
    );
    if (!valid) {
      throw new OpsError(
        'LEDGER_UNAVAILABLE',
        `the Ledger returned a signature that does not verify for ${address}`,
      );
    }
    const signed = Object.freeze({
      ...transaction,
      signatures: Object.freeze({ ...transaction.signatures, [address]: bytes }),
    });
    return { proposal: { ...proposal, transaction: encodeTransaction(signed) }, address };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined) {
      throw new OpsError(
        'LEDGER_REFUSED',
        `${REFUSALS[status] ?? `the device answered status 0x${status.toString(16)}`}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The first Ledger on USB. The USB transport is an optional dependency (it compiles a native
 * HID module; docs/operations.md, "Key custody"): without it, the refusal says so.
 *
 * @example
 * const transport = await openLedger();
 */
export async function openLedger(): Promise<Transport> {
  let module: {
    default: { create: (openTimeout?: number, listenTimeout?: number) => Promise<Transport> };
  };
  // A specifier in a variable: the type checker must not need the optional package (an install
  // without the native build has none), only its shape above.
  const specifier = '@ledgerhq/hw-transport-node-hid';
  try {
    module = (await import(specifier)) as typeof module;
  } catch (error) {
    throw new OpsError(
      'LEDGER_UNAVAILABLE',
      '@ledgerhq/hw-transport-node-hid is not installed (it needs libusb-1.0 and libudev headers to build; see docs/operations.md, "Key custody")',
      { cause: error },
    );
  }
  try {
    // Without a listen timeout the transport waits forever for a device to appear.
    return await module.default.create(3_000, 5_000);
  } catch (error) {
    throw new OpsError(
      'LEDGER_UNAVAILABLE',
      `no Ledger found on USB (${(error as Error).message}): connect it, unlock it and open the Solana app`,
      { cause: error },
    );
  }
}
