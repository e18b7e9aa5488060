import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClockMoveError,
  type Localnet,
  localnetClock,
  rpcCall,
  startLocalnet,
} from '../src/index.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the local validator', () => {
  let dir: string;
  let net: Localnet;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'localnet-test-'));
    await chmod(dir, 0o755);
    net = await startLocalnet({
      stateDir: join(dir, 'ledger'),
      logFile: join(dir, 'validator.log'),
    });
  });

  afterAll(async () => {
    await net?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers JSON-RPC on loopback with slots that advance', async () => {
    expect(new URL(net.rpcUrl).hostname).toBe('127.0.0.1');
    const first = await rpcCall<number>(net.rpcUrl, 'getSlot');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await rpcCall<number>(net.rpcUrl, 'getSlot')).toBeGreaterThan(first);
  });

  it('moves the clock programs see forward, and refuses to move it back', async () => {
    // Given the chain's clock now
    const clock = localnetClock(net.rpcUrl);
    const before = await clock.now();
    // When it travels three days ahead
    const target = (Number(before.unixTimestamp) + 3 * 86_400) * 1000;
    const after = await clock.travelTo(target);
    // Then the Clock sysvar reads that time, and the past is refused with a typed error
    expect(after.unixTimestamp).toBeGreaterThanOrEqual(BigInt(target / 1000));
    await expect(clock.travelTo(target - 86_400_000)).rejects.toBeInstanceOf(ClockMoveError);
  });

  it('keeps its state and its moved clock across a restart, and leaves nothing running after stop', async () => {
    // Given an airdrop that landed, on a clock the earlier test moved days ahead
    const moved = (await localnetClock(net.rpcUrl).now()).unixTimestamp;
    expect(moved).toBeGreaterThan(BigInt(Math.floor(Date.now() / 1000)) + 86_400n);
    await rpcCall(net.rpcUrl, 'requestAirdrop', [WALLET, 7_000_000_000]);
    const deadline = Date.now() + 5_000;
    while ((await rpcCall<{ value: number }>(net.rpcUrl, 'getBalance', [WALLET])).value === 0) {
      if (Date.now() > deadline) throw new Error('airdrop never landed');
      await new Promise((r) => setTimeout(r, 100));
    }
    // When the validator stops and starts again on the same ledger
    const { pid, rpcUrl } = net;
    await net.stop();
    expect(alive(pid)).toBe(false);
    expect(await portOpen(rpcUrl)).toBe(false);
    net = await startLocalnet({ stateDir: join(dir, 'ledger') });
    // Then the balance is still there, and the clock continues from where it was (not back
    // to the wall clock)
    const balance = await rpcCall<{ value: number }>(net.rpcUrl, 'getBalance', [WALLET]);
    expect(balance.value).toBe(7_000_000_000);
    expect((await localnetClock(net.rpcUrl).now()).unixTimestamp).toBeGreaterThanOrEqual(moved);
  });
});
