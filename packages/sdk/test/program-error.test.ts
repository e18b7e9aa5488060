import * as oracleClient from '@basket/oracle-client';
import {
  getOracleErrorMessage,
  ORACLE_ERROR__STALE_NAV,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import * as rewardsClient from '@basket/rewards-client';
import { REWARDS_ERROR__INVALID_TIER, REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import * as vaultClient from '@basket/vault-client';
import {
  type Address,
  getSolanaErrorFromTransactionError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SolanaError,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  decodeCustomProgramError,
  decodeKitError,
  decodeRpcTransactionError,
  PROGRAM_ERROR_CATALOGUES,
} from '../src/index.ts';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111' as Address;

describe('program error catalogue', () => {
  it('holds every generated error constant of every program', () => {
    for (const [prefix, module, catalogue] of [
      ['VAULT_ERROR__', vaultClient, PROGRAM_ERROR_CATALOGUES.vault],
      ['ORACLE_ERROR__', oracleClient, PROGRAM_ERROR_CATALOGUES.oracle],
      ['REWARDS_ERROR__', rewardsClient, PROGRAM_ERROR_CATALOGUES.rewards],
    ] as const) {
      const constants = Object.keys(module).filter((k) => k.startsWith(prefix));
      expect(constants.length).toBeGreaterThan(20);
      expect([...catalogue.errors.values()].map((e) => e.constant).sort()).toEqual(
        constants.sort(),
      );
    }
    expect(PROGRAM_ERROR_CATALOGUES.oracle.errors.get(ORACLE_ERROR__STALE_NAV)?.message).toBe(
      getOracleErrorMessage(ORACLE_ERROR__STALE_NAV),
    );
  });

  it('has the shared codes 100-199 with the same name in every program', () => {
    const { oracle, vault, rewards } = PROGRAM_ERROR_CATALOGUES;
    const shared = [...oracle.errors.keys()].filter((c) => c >= 100 && c <= 199);
    expect(shared).toContain(100);
    expect(shared).toContain(119);
    for (const code of shared) {
      expect(vault.errors.get(code)?.name).toBe(oracle.errors.get(code)?.name);
      expect(rewards.errors.get(code)?.name).toBe(oracle.errors.get(code)?.name);
    }
  });
});

describe('decodeCustomProgramError', () => {
  it('names a vault error with its generated constant and message', () => {
    const f = decodeCustomProgramError(
      vaultClient.VAULT_PROGRAM_ADDRESS,
      vaultClient.VAULT_ERROR__STALE_NAV,
    );
    expect(f).toMatchObject({
      program: 'vault',
      constant: 'VAULT_ERROR__STALE_NAV',
      known: true,
      shared: false,
    });
    expect(f.message).toMatch(/stale/i);
  });

  it('marks a shared check as shared', () => {
    const f = decodeCustomProgramError(REWARDS_PROGRAM_ADDRESS, 100);
    expect(f).toMatchObject({ name: 'MISSING_SIGNER', shared: true, program: 'rewards' });
  });

  it('keeps an unknown code of one of our programs, saying it is unknown', () => {
    const f = decodeCustomProgramError(ORACLE_PROGRAM_ADDRESS, 2099);
    expect(f).toMatchObject({ known: false, code: 2099, program: 'oracle', constant: null });
    expect(f.message).toBe('Unknown error 2099 (0x833) from the oracle program');
  });

  it('keeps a code from a program that is not ours', () => {
    const f = decodeCustomProgramError(TOKEN_PROGRAM, 1);
    expect(f).toMatchObject({ known: false, program: null, programAddress: TOKEN_PROGRAM });
    expect(f.message).toContain(TOKEN_PROGRAM);
  });

  it('honours deployed program ids that differ from the generated defaults', () => {
    const deployed = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address;
    const f = decodeCustomProgramError(deployed, 3002, 0, { programs: { vault: deployed } });
    expect(f.constant).toBe('VAULT_ERROR__STALE_NAV');
  });
});

describe('decodeRpcTransactionError', () => {
  const programs = [COMPUTE_BUDGET, REWARDS_PROGRAM_ADDRESS];

  it('maps the failing instruction index to its program', () => {
    const f = decodeRpcTransactionError({ InstructionError: [1, { Custom: 4001 }] }, programs);
    expect(f).toMatchObject({ kind: 'custom', constant: 'REWARDS_ERROR__INVALID_TIER' });
    expect(REWARDS_ERROR__INVALID_TIER).toBe(4001);
  });

  it('attributes a code raised by an inner call to the program that raised it', () => {
    const logs = [
      `Program ${REWARDS_PROGRAM_ADDRESS} invoke [1]`,
      `Program ${TOKEN_PROGRAM} invoke [2]`,
      `Program ${TOKEN_PROGRAM} failed: custom program error: 0x1`,
      `Program ${REWARDS_PROGRAM_ADDRESS} failed: custom program error: 0x1`,
    ];
    // The outer program re-raises the same code: the last matching line names the outer one;
    // a code only the token program raised is attributed to it.
    const inner = decodeRpcTransactionError(
      { InstructionError: [1, { Custom: 1 }] },
      programs,
      logs.slice(0, 3),
    );
    expect(inner).toMatchObject({ programAddress: TOKEN_PROGRAM, known: false });
  });

  it('reports runtime instruction errors and transaction errors by name', () => {
    expect(
      decodeRpcTransactionError({ InstructionError: [0, 'InvalidAccountData'] }, programs),
    ).toMatchObject({ kind: 'instruction', errorName: 'InvalidAccountData', instructionIndex: 0 });
    expect(decodeRpcTransactionError('BlockhashNotFound', programs)).toMatchObject({
      kind: 'transaction',
      errorName: 'BlockhashNotFound',
    });
    expect(
      decodeRpcTransactionError({ InsufficientFundsForRent: { account_index: 2 } }, programs),
    ).toMatchObject({ kind: 'transaction', errorName: 'InsufficientFundsForRent' });
  });
});

describe('decodeKitError', () => {
  it('decodes a kit instruction error and a preflight failure wrapping one', () => {
    const programs = [COMPUTE_BUDGET, vaultClient.VAULT_PROGRAM_ADDRESS];
    const cause = getSolanaErrorFromTransactionError({ InstructionError: [1, { Custom: 3002 }] });
    expect(decodeKitError(cause, programs)?.constant).toBe('VAULT_ERROR__STALE_NAV');
    const preflight = new SolanaError(
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      {
        accounts: null,
        logs: [],
        returnData: null,
        unitsConsumed: 1000n,
        cause,
      } as never,
    );
    expect(decodeKitError(preflight, programs)?.constant).toBe('VAULT_ERROR__STALE_NAV');
    expect(decodeKitError(new Error('network down'), programs)).toBeNull();
  });
});
