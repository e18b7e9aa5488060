import { send } from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  initVault,
  newDepositor,
  setupBasket,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import { decodeProgramEvents, extractProgramEvents } from '../src/index.ts';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const OTHER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address;

describe('extractProgramEvents', () => {
  it('attributes each data field to the program running at that point', () => {
    // Given a vault instruction that calls the token program, then a second instruction
    const logs = [
      `Program ${VAULT_PROGRAM_ADDRESS} invoke [1]`,
      `Program ${TOKEN} invoke [2]`,
      'Program data: AQI=',
      `Program ${TOKEN} success`,
      'Program data: AgEDBA== BQY=',
      `Program ${VAULT_PROGRAM_ADDRESS} success`,
      `Program ${OTHER} invoke [1]`,
      'Program data: CQk=',
      `Program ${OTHER} success`,
    ];
    // Then each field names its emitter, depth and top-level instruction
    const events = extractProgramEvents(logs);
    expect(events.map((e) => [e.programAddress, e.program, e.instructionIndex, e.depth])).toEqual([
      [TOKEN, null, 0, 2],
      [VAULT_PROGRAM_ADDRESS, 'vault', 0, 1],
      [VAULT_PROGRAM_ADDRESS, 'vault', 0, 1],
      [OTHER, null, 1, 1],
    ]);
    expect(events[1]).toMatchObject({ kind: 2, version: 1, payload: Uint8Array.from([3, 4]) });
  });

  it('stops at a truncated log', () => {
    const logs = [
      `Program ${OTHER} invoke [1]`,
      'Program data: AQI=',
      'Log truncated',
      'Program data: AQI=',
    ];
    expect(extractProgramEvents(logs)).toHaveLength(1);
  });

  it('finds the vault Deposit event in a real deposit', async () => {
    const b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 1_000_000_000n);
    const r = await send(b.svm, [depositIx(b, alice, 100_000_000n, 0n)], b.payer);
    expect(r.ok).toBe(true);
    const vaultEvents = extractProgramEvents(r.logs).filter((e) => e.program === 'vault');
    // Deposit: kind 2, version 2, 112 payload bytes; the depositor follows the 16-byte SKU id
    expect(vaultEvents).toHaveLength(1);
    expect(vaultEvents[0]).toMatchObject({ kind: 2, version: 2, instructionIndex: 0 });
    expect(vaultEvents[0]?.payload).toHaveLength(112);
    // and decodeProgramEvents reads it as a Deposit with the depositor and amount
    const decoded = decodeProgramEvents(r.logs).filter((e) => e.program === 'vault');
    expect(decoded).toHaveLength(1);
    expect(decoded[0]).toMatchObject({ status: 'decoded', name: 'deposit', version: 2 });
    expect(decoded[0]?.status === 'decoded' && decoded[0].event).toMatchObject({
      depositor: alice.signer.address,
      rawAmount: 100_000_000n,
      // The first deposit: nothing was in the supply to accrue a management fee on.
      mgmtFeeAccrued: 0n,
    });
  });
});
