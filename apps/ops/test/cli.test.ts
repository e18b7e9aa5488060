// The CLI as an operator runs it, on the parts that need no cluster: help, config check,
// show and sign of a proposal file, and the refusals' exit codes and messages.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getSetPausedInstructionFor } from '@basket/sdk';
import {
  createNoopSigner,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  type Nonce,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { decodeTransaction, writeProposal } from '../src/proposal-file.ts';
import { signatureStates } from '../src/proposal-signatures.ts';
import { assembleProposal } from '../src/propose.ts';

const CLI = new URL('../src/main.ts', import.meta.url).pathname;
// `node --import tsx`, what `npx tsx` runs, without npx resolving tsx first (a second or two
// a call on a loaded machine).
const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], { env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

/** A keypair file from a generated key (the Solana CLI's 64-byte format). */
async function keyFile(dir: string, name: string) {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const { createKeyPairSignerFromPrivateKeyBytes } = await import('@solana/kit');
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify([...seed, ...getAddressEncoder().encode(signer.address)]));
  return { signer, path };
}

describe('basket-ops CLI', () => {
  it('signs a proposal file offline, shows who signed, and refuses a key it does not name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    const admin = await keyFile(dir, 'admin');
    const other = await keyFile(dir, 'other');
    const feePayer = await generateKeyPairSigner();
    const vault = getAddressDecoder().decode(new Uint8Array(32).fill(3));
    const proposal = await assembleProposal({
      environment: 'devnet',
      action: 'vault.pause',
      summary: 'pause vault TECH6',
      governance: { kind: 'vault', sku: 'TECH6' },
      feePayer,
      instructions: [
        getSetPausedInstructionFor({
          vault,
          paused: true,
          adminSigners: [createNoopSigner(admin.signer.address)],
        }).instruction,
      ],
      nonceAccount: (await generateKeyPairSigner()).address,
      nonce: getAddressDecoder().decode(new Uint8Array(32).fill(8)) as unknown as Nonce,
    });
    const path = join(dir, 'pause.json');
    writeProposal(path, proposal);

    const signed = await run(['sign', path, '--key', admin.path]);
    expect(signed.stdout).toContain(`${admin.signer.address} signed`);
    const states = await signatureStates(decodeTransaction(JSON.parse(readFileSync(path, 'utf8'))));
    expect(states.map((s) => s.state)).toEqual(['valid', 'valid']);

    const shown = await run(['show', path]);
    expect(shown.stdout).toContain('devnet: vault.pause: pause vault TECH6');
    expect(shown.stdout).toContain(`valid   ${admin.signer.address}`);

    const refused = await run(['sign', path, '--key', other.path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `NOT_A_REQUIRED_SIGNER: ${other.signer.address} is not a signer`,
    );
    const ledger = await run(['sign', path, '--ledger']);
    // No device on this machine: a clear refusal within the listen timeout, not a hang.
    expect(ledger.code).toBe(1);
    expect(ledger.stderr).toMatch(
      /LEDGER_UNAVAILABLE: (no Ledger found on USB|@ledgerhq\/hw-transport-node-hid is not installed)/,
    );
    // Five CLI runs, one of them waiting out the USB listen timeout (5 s), on a shared machine.
  }, 150_000);

  it('config check resolves references and names what is missing, without printing secrets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    const payer = await keyFile(dir, 'payer');
    const env = join(dir, 'devnet.yaml');
    const devnet = readFileSync(
      new URL('../../../ops/environments/devnet.yaml', import.meta.url),
      'utf8',
    );
    writeFileSync(env, devnet);
    const result = await run(['config', 'check', '--env', env], {
      ...process.env,
      BASKET_FEE_PAYER_KEYPAIR: payer.path,
      INDEXER_WEBHOOK_SECRET: 'super-secret-value',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`ok      keys.feePayer: ${payer.signer.address}`);
    expect(result.stdout).toContain(
      'MISSING keys.deployer: env:BASKET_DEPLOYER_KEYPAIR: the variable is not set',
    );
    expect(result.stdout).toContain('set     webhooks.secret: env:INDEXER_WEBHOOK_SECRET');
    expect(result.stdout + result.stderr).not.toContain('super-secret-value');
    expect(result.stderr).toContain('KEY_UNAVAILABLE');
  }, 60_000);

  it('rejects a bad environment file with one line per field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    const env = join(dir, 'bad.yaml');
    writeFileSync(env, 'environment: staging\ncluster: { rpcUrl: nope, wsUrl: ws://x }\n');
    const result = await run(['status', '--env', env]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('INVALID_CONFIG: invalid environment file');
    expect(result.stderr).toContain('  - environment: ');
    expect(result.stderr).toContain('  - cluster.rpcUrl: ');
  }, 60_000);
});
