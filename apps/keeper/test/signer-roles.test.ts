// One key per role in the keeper's configuration (docs/operations.md, "One key per role"):
// each role's signer has its own variables, a missing or bad field is one line naming that
// role's variable, no role falls back to another's key outside the local world, and two
// roles on one key are refused (by file or public key when read, by address when built).
import { describe, expect, it } from 'vitest';
import { loadKeeperConfig } from '../src/service/config.ts';
import { assertOneKeyPerRole } from '../src/service/signer.ts';
import { SIGNER_ROLES } from '../src/service/signer-config.ts';
import {
  ADDRESS_A as A,
  ADDRESS_B as B,
  errorLines,
  keeperConfigEnv,
} from './support/keeper-env.ts';

const K = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** Programs and SKUs only: every signer comes from the environment in these tests. */
const { env: base } = keeperConfigEnv('keeper-roles-');
/** Every role on its own keypair file. */
const files = Object.fromEntries(
  SIGNER_ROLES.map((r) => [`${r.prefix}_KEYPAIR_FILE`, `/keys/${r.world}.json`]),
);

describe('one signer per role', () => {
  it('reads each role from its own variables', () => {
    const c = loadKeeperConfig({ ...base, ...files });
    expect(c.signer).toEqual({ kind: 'keypair-file', path: '/keys/keeper.json' });
    expect(c.tradeSigner).toEqual({ kind: 'keypair-file', path: '/keys/tradeAuthority.json' });
    expect(c.navSigner).toEqual({ kind: 'keypair-file', path: '/keys/navSigner.json' });
    expect(c.distributorSigner).toEqual({ kind: 'keypair-file', path: '/keys/distributor.json' });
    expect(c.feePayerSigner).toEqual({ kind: 'keypair-file', path: '/keys/feePayer.json' });
  });

  it('outside the local world a role without its key is one line naming its variable, never the keeper key', () => {
    for (const r of SIGNER_ROLES) {
      const { [`${r.prefix}_KEYPAIR_FILE`]: _, ...others } = files;
      const lines = errorLines(() => loadKeeperConfig({ ...base, ...others }));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${r.prefix}_KEYPAIR_FILE: `));
    }
  });

  it('names each bad field of a remote role signer by that role', () => {
    const nav = errorLines(() =>
      loadKeeperConfig({
        ...base,
        ...files,
        KEEPER_NAV_SIGNER: 'aws-kms',
        KEEPER_NAV_AWS_KMS_KEY_ID: 'k',
      }),
    );
    expect(nav).toEqual([expect.stringMatching(/^KEEPER_NAV_SIGNER_PUBLIC_KEY: /)]);
    const distributor = errorLines(() =>
      loadKeeperConfig({
        ...base,
        ...files,
        KEEPER_DISTRIBUTOR_SIGNER: 'vault',
        KEEPER_DISTRIBUTOR_VAULT_ADDR: 'not a url',
        KEEPER_DISTRIBUTOR_VAULT_KEY_NAME: 'distributor',
        KEEPER_DISTRIBUTOR_SIGNER_PUBLIC_KEY: B,
        KEEPER_DISTRIBUTOR_VAULT_TOKEN: 'env:UNSET_TOKEN',
      }),
    );
    expect(distributor).toEqual([
      'KEEPER_DISTRIBUTOR_VAULT_TOKEN: env:UNSET_TOKEN names a variable that is not set',
      expect.stringMatching(/^KEEPER_DISTRIBUTOR_VAULT_ADDR: /),
    ]);
    const fees = errorLines(() =>
      loadKeeperConfig({ ...base, ...files, KEEPER_FEE_PAYER_SIGNER: 'ledger' }),
    );
    expect(fees).toEqual([expect.stringMatching(/^KEEPER_FEE_PAYER_SIGNER: /)]);
  });

  it('refuses two roles configured with one keypair file or one public key, one line each', () => {
    const shared = errorLines(() =>
      loadKeeperConfig({
        ...base,
        ...files,
        KEEPER_NAV_KEYPAIR_FILE: '/keys/keeper.json',
        KEEPER_FEE_PAYER_KEYPAIR_FILE: '/keys/keeper.json',
      }),
    );
    expect(shared).toEqual([
      'KEEPER_NAV_KEYPAIR_FILE: the same key as KEEPER_KEYPAIR_FILE (one key per role: the oracle NAV signer has its own)',
      'KEEPER_FEE_PAYER_KEYPAIR_FILE: the same key as KEEPER_KEYPAIR_FILE (one key per role: the fee payer has its own)',
    ]);
    const kms = errorLines(() =>
      loadKeeperConfig({
        ...base,
        ...files,
        KEEPER_TRADE_SIGNER: 'aws-kms',
        KEEPER_TRADE_AWS_KMS_KEY_ID: 'trade',
        KEEPER_TRADE_SIGNER_PUBLIC_KEY: K,
        KEEPER_DISTRIBUTOR_SIGNER: 'aws-kms',
        KEEPER_DISTRIBUTOR_AWS_KMS_KEY_ID: 'distributor',
        KEEPER_DISTRIBUTOR_SIGNER_PUBLIC_KEY: K,
      }),
    );
    expect(kms).toEqual([
      'KEEPER_DISTRIBUTOR_SIGNER_PUBLIC_KEY: the same key as KEEPER_TRADE_SIGNER_PUBLIC_KEY (one key per role: the rewards distributor has its own)',
    ]);
  });

  it('refuses two roles whose built signers have one address (two files of one key)', () => {
    const distinct = {
      signer: A,
      tradeSigner: B,
      navSigner: K,
      distributorSigner: 'D',
      feePayerSigner: 'F',
    };
    const of = (m: Record<string, string>) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { address: v }])) as never;
    expect(() => assertOneKeyPerRole(of(distinct))).not.toThrow();
    const lines = errorLines(() =>
      assertOneKeyPerRole(of({ ...distinct, distributorSigner: A, feePayerSigner: K })),
    );
    expect(lines).toEqual([
      `KEEPER_DISTRIBUTOR_SIGNER: the rewards distributor's key ${A} is the vault keeper key's (KEEPER_SIGNER); one key per role`,
      `KEEPER_FEE_PAYER_SIGNER: the fee payer's key ${K} is the oracle NAV signer's (KEEPER_NAV_SIGNER); one key per role`,
    ]);
  });
});
