// `sign --ledger` through Ledger's own libraries, against recorded APDU exchanges
// (fixtures/*.apdus, written by fixtures/record-ledger-exchange.ts): the replayer fails unless
// @ledgerhq/hw-app-solana sends exactly the recorded bytes, so the request encoding (path,
// 255-byte chunks, P2 flags) and the parsing of the device's answers are the real ones.
import { readFileSync } from 'node:fs';
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { generateKeyPairSigner, type Nonce } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isOpsError } from '../src/errors.ts';
import { signProposalWithLedger } from '../src/ledger-sign.ts';
import { decodeTransaction } from '../src/proposal-file.ts';
import { checkReadyToSubmit, signatureStates, signProposal } from '../src/proposal-signatures.ts';
import { assembleProposal } from '../src/propose.ts';
import { ledgerCase } from './support/ledger-case.ts';

const recording = (name: string) =>
  RecordStore.fromString(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'));

describe('sign --ledger (recorded APDU exchange)', () => {
  it('adds a verifying signature of the Ledger admin; with two key-file admins the proposal is ready', async () => {
    const { proposal, ledgerAdmin, otherAdmins } = await ledgerCase();
    const store = recording('ledger-sign.apdus');
    const transport = await openTransportReplayer(store);
    const { proposal: signed, address } = await signProposalWithLedger(proposal, transport);
    store.ensureQueueEmpty();
    expect(address).toBe(ledgerAdmin.address);
    const states = await signatureStates(decodeTransaction(signed));
    expect(states.find((s) => s.address === ledgerAdmin.address)?.state).toBe('valid');

    let ready = signed;
    for (const k of otherAdmins) ready = await signProposal(ready, k);
    const admins = [
      ledgerAdmin,
      ...otherAdmins,
      ...(await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])),
    ];
    await expect(
      checkReadyToSubmit(ready, { keys: admins.map((a) => a.address), threshold: 3 }),
    ).resolves.toHaveLength(3);
  });

  it('a rejection on the device is reported as LEDGER_REFUSED and leaves the proposal unsigned', async () => {
    const { proposal, ledgerAdmin } = await ledgerCase();
    const transport = await openTransportReplayer(recording('ledger-sign-rejected.apdus'));
    const error = await signProposalWithLedger(proposal, transport).catch((e: unknown) => e);
    expect(isOpsError(error, 'LEDGER_REFUSED')).toBe(true);
    expect((error as Error).message).toContain('rejected on the device');
    const states = await signatureStates(decodeTransaction(proposal));
    expect(states.find((s) => s.address === ledgerAdmin.address)?.state).toBe('missing');
  });

  it('refuses a Ledger account the proposal does not name, before asking the device to sign', async () => {
    // Only the address exchange is replayed: a sign request would find no recording.
    const [request, answer] = readFileSync(
      new URL('fixtures/ledger-sign.apdus', import.meta.url),
      'utf8',
    ).split('\n');
    const transport = await openTransportReplayer(RecordStore.fromString(`${request}\n${answer}`));
    // A proposal whose only signer is its fee payer: the Ledger's account is not named.
    const [feePayer, nonceAccount] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const other = await assembleProposal({
      environment: 'devnet',
      action: 'vault.pause',
      summary: 'pause',
      governance: { kind: 'vault', sku: 'TECH6' },
      feePayer,
      instructions: [],
      nonceAccount: nonceAccount.address,
      nonce: nonceAccount.address as unknown as Nonce,
    });
    const error = await signProposalWithLedger(other, transport).catch((e: unknown) => e);
    expect(isOpsError(error, 'NOT_A_REQUIRED_SIGNER')).toBe(true);
  });
});
