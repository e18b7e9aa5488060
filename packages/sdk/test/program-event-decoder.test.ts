// decodeProgramEvents over synthetic logs: every event of every program round-trips through
// its generated encoder and the decoder, CPI nesting attributes each field to its emitter, and
// nothing malformed or unknown is dropped.
import { ORACLE_PROGRAM_ADDRESS, OracleEventKind } from '@basket/oracle-client';
import { REWARDS_PROGRAM_ADDRESS, RewardsEventKind } from '@basket/rewards-client';
import { VAULT_PROGRAM_ADDRESS, VaultEventKind } from '@basket/vault-client';
import { type Address, type Decoder, type Encoder, getBase64Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type BasketProgram, decodeProgramEvents, PROGRAM_EVENT_TABLES } from '../src/index.ts';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const ADDRESS: Record<BasketProgram, Address> = {
  oracle: ORACLE_PROGRAM_ADDRESS,
  vault: VAULT_PROGRAM_ADDRESS,
  rewards: REWARDS_PROGRAM_ADDRESS,
};

function base64(bytes: Uint8Array): string {
  return getBase64Decoder().decode(bytes);
}

/** `[discriminator][version][payload]` as a `Program data:` line. */
function dataLine(kind: number, version: number, payload: Uint8Array): string {
  return `Program data: ${base64(Uint8Array.from([kind, version, ...payload]))}`;
}

function invoked(program: Address, inner: string[], depth = 1): string[] {
  return [`Program ${program} invoke [${depth}]`, ...inner, `Program ${program} success`];
}

/** A deterministic payload of `size` bytes, different per event. */
function pattern(size: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed * 13 + 1) & 0xff);
}

interface Row {
  kind: number;
  name: string;
  version: number;
  size: number;
  minSize: number;
  itemSize: number;
  countOffset: number | null;
  getDecoder: () => Decoder<unknown>;
  getEncoder: () => Encoder<never>;
}

const ALL = (Object.keys(PROGRAM_EVENT_TABLES) as BasketProgram[]).flatMap((program) =>
  (PROGRAM_EVENT_TABLES[program] as readonly Row[]).map((row) => ({ program, row })),
);

describe('decodeProgramEvents', () => {
  it('lists every kind of every program once, matching the generated kind enums', () => {
    // Reserved (0) is never emitted; every other variant has exactly one event
    const kinds = (e: object) => Object.values(e).filter((v) => typeof v === 'number' && v > 0);
    expect(PROGRAM_EVENT_TABLES.vault.map((r) => r.kind)).toEqual(kinds(VaultEventKind));
    expect(PROGRAM_EVENT_TABLES.oracle.map((r) => r.kind)).toEqual(kinds(OracleEventKind));
    expect(PROGRAM_EVENT_TABLES.rewards.map((r) => r.kind)).toEqual(kinds(RewardsEventKind));
    expect(VaultEventKind.Deposit).toBe(2);
    expect(RewardsEventKind.Claimed).toBe(5);
    expect(OracleEventKind.SnapshotPushed).toBe(4);
  });

  it.each(ALL.map(({ program, row }) => [`${program}.${row.name}`, program, row] as const))(
    'round-trips %s through its generated encoder and the log decoder',
    (_, program, row) => {
      // Given an event value decoded from a full payload (every trailing slot used, so its
      // count says so), re-encoded by the generated encoder
      const payload = pattern(row.size, row.kind);
      if (row.countOffset !== null)
        payload[row.countOffset] = (row.size - row.minSize) / row.itemSize;
      const value = row.getDecoder().decode(payload);
      const encoded = Uint8Array.from(row.getEncoder().encode(value as never));
      expect(encoded).toEqual(payload);
      // When it is logged by its program and decoded
      const [entry, ...rest] = decodeProgramEvents(
        invoked(ADDRESS[program], [dataLine(row.kind, row.version, encoded)]),
      );
      // Then the typed event comes back, attributed to the program
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        status: 'decoded',
        program,
        name: row.name,
        kind: row.kind,
        version: row.version,
        depth: 1,
        instructionIndex: 0,
      });
      expect(entry?.status === 'decoded' && entry.event).toEqual(value);
    },
  );

  it.each([
    ['claimed', 1],
    ['claimed', 5],
    ['claimed', 10],
    ['epochDistributed', 1],
    ['epochDistributed', 5],
    ['epochDistributed', 10],
    ['epochSwept', 1],
    ['epochSwept', 5],
    ['epochSwept', 10],
  ] as const)(
    'decodes rewards.%s with %i trailing item(s) emitted, zero past the count',
    (name, k) => {
      // Given the event as the program emits it: the fixed part and the first k items only
      const row = (PROGRAM_EVENT_TABLES.rewards as readonly Row[]).find((r) => r.name === name)!;
      expect(row).toMatchObject({ version: 3, minSize: row.size - 10 * row.itemSize });
      const full = pattern(row.size, k);
      full[row.countOffset as number] = k;
      full.fill(0, row.minSize + k * row.itemSize);
      const emitted = full.slice(0, row.minSize + k * row.itemSize);
      // When logged and decoded
      const [entry] = decodeProgramEvents(
        invoked(REWARDS_PROGRAM_ADDRESS, [dataLine(row.kind, row.version, emitted)]),
      );
      // Then it is the full struct with the unused slots zero
      expect(entry).toMatchObject({ status: 'decoded', program: 'rewards', name });
      expect(entry?.status === 'decoded' && entry.event).toEqual(row.getDecoder().decode(full));
      if (entry?.status === 'decoded' && entry.name === 'claimed') {
        expect(entry.event.amountCount).toBe(k);
        expect(entry.event.amounts.slice(k)).toEqual(Array(10 - k).fill(0n));
      }
    },
  );

  it('rejects trailing-array payloads of a wrong length or a count that disagrees', () => {
    // Given claimed payloads: between two items, below the fixed part, above the maximum, and
    // two whole items with a count of 3
    const row = (PROGRAM_EVENT_TABLES.rewards as readonly Row[]).find((r) => r.name === 'claimed')!;
    const withCount = (size: number, count: number) => {
      const p = pattern(size, 0);
      if (size > 40) p[40] = count;
      return p;
    };
    const payloads = [
      withCount(row.minSize + 3, 0),
      withCount(row.minSize + row.itemSize + 1, 1),
      withCount(row.minSize - 1, 0),
      withCount(row.size + row.itemSize, 11),
      withCount(row.minSize + 2 * row.itemSize, 3),
      withCount(row.minSize + 2 * row.itemSize, 2),
    ];
    // When decoded
    const events = decodeProgramEvents(
      invoked(
        REWARDS_PROGRAM_ADDRESS,
        payloads.map((p) => dataLine(row.kind, row.version, p)),
      ),
    );
    // Then all but the last (two items, count 2) are malformed
    expect(events.map((e) => [e.status, 'reason' in e && e.reason])).toEqual([
      ['malformed', 'wrong-length'],
      ['malformed', 'wrong-length'],
      ['malformed', 'wrong-length'],
      ['malformed', 'wrong-length'],
      ['malformed', 'wrong-length'],
      ['decoded', false],
    ]);
    expect(events[4]).toMatchObject({ detail: expect.stringContaining('count of 3') });
  });

  it('attributes events through CPI nesting to the program running at each point', () => {
    // Given the vault calling the oracle (depth 2), which calls the token program (depth 3),
    // then a second top-level rewards instruction
    const deposit = PROGRAM_EVENT_TABLES.vault.find((r) => r.name === 'deposit')!;
    const pushed = PROGRAM_EVENT_TABLES.oracle.find((r) => r.name === 'snapshotPushed')!;
    const staked = PROGRAM_EVENT_TABLES.rewards.find((r) => r.name === 'staked')!;
    const logs = [
      ...invoked(VAULT_PROGRAM_ADDRESS, [
        ...invoked(
          ORACLE_PROGRAM_ADDRESS,
          [
            ...invoked(TOKEN, [], 3),
            dataLine(pushed.kind, pushed.version, pattern(pushed.size, 1)),
          ],
          2,
        ),
        dataLine(deposit.kind, deposit.version, pattern(deposit.size, 2)),
      ]),
      ...invoked(REWARDS_PROGRAM_ADDRESS, [
        dataLine(staked.kind, staked.version, pattern(staked.size, 3)),
      ]),
    ];
    // When decoded
    const events = decodeProgramEvents(logs);
    // Then each event names its emitter, depth and top-level instruction
    expect(
      events.map((e) => [e.status, e.program, e.depth, e.instructionIndex, 'name' in e && e.name]),
    ).toEqual([
      ['decoded', 'oracle', 2, 0, 'snapshotPushed'],
      ['decoded', 'vault', 1, 0, 'deposit'],
      ['decoded', 'rewards', 1, 1, 'staked'],
    ]);
  });

  it('returns unknown discriminators and versions, and foreign programs, as unknown', () => {
    // Given a vault kind past the table, a known kind at a future version, and another program
    const deposit = PROGRAM_EVENT_TABLES.vault.find((r) => r.name === 'deposit')!;
    const logs = [
      ...invoked(VAULT_PROGRAM_ADDRESS, [
        dataLine(200, 1, pattern(4, 0)),
        dataLine(0, 1, pattern(4, 0)),
        dataLine(deposit.kind, deposit.version + 1, pattern(deposit.size, 0)),
      ]),
      ...invoked(TOKEN, [dataLine(2, 1, pattern(4, 0))]),
    ];
    // Then each is kept with its reason
    expect(decodeProgramEvents(logs).map((e) => [e.status, 'reason' in e && e.reason])).toEqual([
      ['unknown', 'unknown-discriminator'],
      ['unknown', 'unknown-discriminator'],
      ['unknown', 'unknown-version'],
      ['unknown', 'foreign-program'],
    ]);
  });

  it('returns bad base64, short fields, wrong lengths and truncated logs as malformed', () => {
    // Given broken fields logged by the vault, then a truncated log
    const deposit = PROGRAM_EVENT_TABLES.vault.find((r) => r.name === 'deposit')!;
    const logs = [
      `Program ${VAULT_PROGRAM_ADDRESS} invoke [1]`,
      'Program data: not*base64',
      'Program data: AQ',
      'Program data: AQ==',
      dataLine(deposit.kind, deposit.version, pattern(deposit.size - 1, 0)),
      dataLine(deposit.kind, deposit.version, pattern(deposit.size + 1, 0)),
      'Log truncated',
    ];
    // Then none is dropped and each says why
    const events = decodeProgramEvents(logs);
    expect(events.map((e) => [e.status, 'reason' in e && e.reason])).toEqual([
      ['malformed', 'invalid-base64'],
      ['malformed', 'invalid-base64'],
      ['malformed', 'too-short'],
      ['malformed', 'wrong-length'],
      ['malformed', 'wrong-length'],
      ['malformed', 'logs-truncated'],
    ]);
    expect(events[0]).toMatchObject({ program: 'vault', base64: 'not*base64' });
  });

  it('honours program addresses other than the defaults', () => {
    // Given the vault deployed at another address
    const other = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address;
    const row = PROGRAM_EVENT_TABLES.vault.find((r) => r.name === 'pauseSet')!;
    const logs = invoked(other, [dataLine(row.kind, row.version, pattern(row.size, 0))]);
    // Then events logged there are the vault's
    expect(decodeProgramEvents(logs, { vault: other })[0]).toMatchObject({
      status: 'decoded',
      program: 'vault',
      name: 'pauseSet',
    });
  });
});
