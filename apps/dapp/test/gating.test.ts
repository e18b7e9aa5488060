// Geofence, terms signature and the order of the transaction gate.
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { countryFromHeader, decideGeofence, parseCountryList } from '../src/shared/geofence.ts';
import { acceptanceOf, isAcceptanceValid, type Terms, termsMessage } from '../src/shared/terms.ts';
import { gateTransactions } from '../src/shared/transaction-gate.ts';

const policy = { blocked: new Set(['US', 'IR']), whenUnknown: 'block' as const };

describe('geofence', () => {
  it('blocks a configured country from the edge header, case-insensitively', () => {
    const d = decideGeofence('us', policy);
    expect(d).toMatchObject({ allowed: false, country: 'US', source: 'edge-header' });
    expect(d.message).toMatch(/not available in your jurisdiction \(US\)/);
    expect(decideGeofence(['FR'], policy)).toMatchObject({ allowed: true, country: 'FR' });
  });

  it('falls back when the header is absent or a placeholder', () => {
    for (const h of [undefined, '', 'XX', 'T1', 'USA', '12']) {
      expect(decideGeofence(h, policy)).toMatchObject({
        allowed: false,
        country: null,
        source: 'fallback',
      });
      expect(decideGeofence(h, { ...policy, whenUnknown: 'allow' }).allowed).toBe(true);
    }
    expect(countryFromHeader(' de ')).toBe('DE');
  });

  it('parses the configured list and names a bad entry', () => {
    expect([...parseCountryList('us, ir,,CU')]).toEqual(['US', 'IR', 'CU']);
    expect(() => parseCountryList('US,Iran')).toThrow(/"IRAN"/);
  });
});

describe('terms', () => {
  const terms: Terms = {
    version: '2026-11',
    text: 'Tokenized equities can lose value.',
    domain: 'app.example',
    cluster: 'mainnet-beta',
    nonce: 'n-1',
  };
  const signerOf = (seed: number) =>
    createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(seed));

  it('accepts the wallet’s own signature over the exact message and nothing else', async () => {
    const wallet = await signerOf(7);
    const message = await termsMessage(terms, wallet.address);
    expect(new TextDecoder().decode(message)).toContain(`Wallet: ${wallet.address}`);
    const [sig] = await wallet.signMessages([{ content: message, signatures: {} }]);
    const record = await acceptanceOf(terms, wallet.address, sig?.[wallet.address] as Uint8Array);
    expect(await isAcceptanceValid(record, terms, wallet.address)).toBe(true);
    // another wallet, changed text, new version, tampered signature: all refused
    const other = await signerOf(8);
    expect(
      await isAcceptanceValid({ ...record, wallet: other.address }, terms, other.address),
    ).toBe(false);
    expect(
      await isAcceptanceValid(record, { ...terms, text: `${terms.text} ` }, wallet.address),
    ).toBe(false);
    expect(await isAcceptanceValid(record, { ...terms, version: '2027-01' }, wallet.address)).toBe(
      false,
    );
    const flipped = `${record.signatureHex.slice(0, -2)}${record.signatureHex.endsWith('00') ? '01' : '00'}`;
    expect(
      await isAcceptanceValid({ ...record, signatureHex: flipped }, terms, wallet.address),
    ).toBe(false);
    expect(await isAcceptanceValid(null, terms, wallet.address)).toBe(false);
  });

  it('binds the domain, the cluster and the nonce: a signature replayed elsewhere is refused', async () => {
    const wallet = await signerOf(9);
    const message = new TextDecoder().decode(await termsMessage(terms, wallet.address));
    expect(message).toContain('Domain: app.example');
    expect(message).toContain('Cluster: mainnet-beta');
    expect(message).toContain('Nonce: n-1');
    const [sig] = await wallet.signMessages([
      { content: await termsMessage(terms, wallet.address), signatures: {} },
    ]);
    const record = await acceptanceOf(terms, wallet.address, sig?.[wallet.address] as Uint8Array);
    // A later session (another nonce) still recognises the record it signed with its own nonce
    expect(await isAcceptanceValid(record, { ...terms, nonce: 'n-2' }, wallet.address)).toBe(true);
    // Another domain or cluster does not, even with the record rewritten to name it
    for (const other of [{ domain: 'phish.example' }, { cluster: 'devnet' }]) {
      expect(await isAcceptanceValid(record, { ...terms, ...other }, wallet.address)).toBe(false);
      expect(
        await isAcceptanceValid({ ...record, ...other }, { ...terms, ...other }, wallet.address),
      ).toBe(false);
    }
    // A record claiming another nonce than the one signed does not verify
    expect(await isAcceptanceValid({ ...record, nonce: 'n-3' }, terms, wallet.address)).toBe(false);
  });
});

describe('transaction gate', () => {
  const allowed = decideGeofence('FR', policy);
  const blocked = decideGeofence('US', policy);

  it('checks jurisdiction, then wallet, then terms', () => {
    expect(gateTransactions({ geofence: blocked, wallet: 'w', termsAccepted: true })).toMatchObject(
      { open: false, reason: 'blocked' },
    );
    expect(
      gateTransactions({ geofence: allowed, wallet: null, termsAccepted: true }),
    ).toMatchObject({ open: false, reason: 'no-wallet' });
    expect(
      gateTransactions({ geofence: allowed, wallet: 'w', termsAccepted: false }),
    ).toMatchObject({ open: false, reason: 'terms' });
    expect(gateTransactions({ geofence: allowed, wallet: 'w', termsAccepted: true })).toEqual({
      open: true,
    });
  });
});
