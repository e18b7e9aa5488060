// `--chain-clock`: the simulator's time follows the chain's Clock sysvar (here a JSON-RPC stub
// whose clock is moved days ahead of this machine's), and never runs backwards.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followChainClock } from '../src/chain/chain-clock.ts';

let chainSeconds = 0n;
let server: Server;
let url = '';

/** A Clock sysvar account: unix_timestamp (i64 LE) at byte 32 of 40. */
function clockAccount(): string {
  const data = Buffer.alloc(40);
  data.writeBigInt64LE(chainSeconds, 32);
  return data.toString('base64');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { context: { slot: 1 }, value: { data: [clockAccount(), 'base64'] } },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('followChainClock', () => {
  it("reads the chain's time, follows a move within its re-read, and never goes back", async () => {
    const monday = Date.parse('2031-06-02T14:00:00Z');
    chainSeconds = BigInt(monday / 1000);
    const clock = await followChainClock(url, (e) => {
      throw e;
    });
    try {
      const first = clock.now();
      expect(first).toBeGreaterThanOrEqual(monday);
      expect(first).toBeLessThan(monday + 2_000);
      // The chain's clock moves 3 h 30 min ahead: followed within the one-second re-read.
      chainSeconds += 12_600n;
      await new Promise((r) => setTimeout(r, 1_600));
      const moved = clock.now();
      expect(moved).toBeGreaterThanOrEqual(monday + 12_600_000);
      expect(moved).toBeLessThan(monday + 12_600_000 + 4_000);
      // A re-read a second behind (the sysvar's rounding): the clock holds, it does not go back.
      chainSeconds -= 1n;
      await new Promise((r) => setTimeout(r, 1_300));
      expect(clock.now()).toBeGreaterThanOrEqual(moved);
    } finally {
      await clock.stop();
    }
  });
});
