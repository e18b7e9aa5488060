// npm start's supervisor: a service that crashes is started again with backoff and the
// supervisor says so; the status line shows a service down (restarting), up but not ready
// (with its /readyz reasons) or up. No timing is asserted: the test waits for the events.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@basket/localnet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { servicesPhrase } from '../src/supervisor/status-line.ts';
import { readinessOf, superviseService } from '../src/supervisor/supervise.ts';

describe('the supervisor', () => {
  it('restarts a crashed service with backoff and says so, until it stays up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'world-supervise-'));
    const lines: string[] = [];
    let secondRestart!: () => void;
    const upAgain = new Promise<void>((r) => {
      secondRestart = r;
    });
    const service = superviseService(
      repoRoot(),
      join(dir, 'logs'),
      {
        name: 'crashy',
        entry: 'apps/world/test/fixtures/crash-then-serve.mjs',
        env: { COUNTER_FILE: join(dir, 'starts'), CRASHES: '2' },
      },
      {
        say: (l) => lines.push(l),
        initialDelayMs: 10,
        maxDelayMs: 50,
        onRestart: (n) => n === 2 && secondRestart(),
      },
    );
    await upAgain;
    // The third process has started once it counted itself
    const starts = () => {
      try {
        return readFileSync(join(dir, 'starts'), 'utf8');
      } catch {
        return '';
      }
    };
    while (starts() !== '3') await new Promise((r) => setTimeout(r, 20));
    try {
      // Two crashes, each announced with its restart delay and the log's tail, two restarts
      const exits = lines.filter((l) => l.startsWith('world: crashy exited with code 3'));
      expect(exits).toHaveLength(2);
      expect(exits[0]).toMatch(/restarting in \d+\.\d s \(restart 1\)/);
      expect(exits[0]).toContain('crashing on purpose');
      expect(lines.filter((l) => /^world: crashy restarted \(restart \d\)$/.test(l))).toEqual([
        'world: crashy restarted (restart 1)',
        'world: crashy restarted (restart 2)',
      ]);
      expect(service.state()).toMatchObject({ restarts: 2, restartingInMs: null });
    } finally {
      await service.stop(5_000);
    }
    // The third start stayed up until stopped: no fourth
    expect(starts()).toBe('3');
    expect(service.alive()).toBe(false);
  }, 60_000);

  it("reads a service's /readyz reasons, and the status line shows each state", async () => {
    const app = Fastify();
    let ready = false;
    app.get('/readyz', async (_r, reply) =>
      ready
        ? { status: 'ready' }
        : reply.code(503).send({
            status: 'not ready',
            failing: ['queue', 'rpc'],
            reasons: { queue: 'queue runner stopped by itself; restarting', rpc: 'check failed' },
          }),
    );
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const reason = await readinessOf(`${base}/readyz`);
      expect(reason).toBe('queue: queue runner stopped by itself; restarting; rpc: check failed');
      ready = true;
      expect(await readinessOf(`${base}/readyz`)).toBeNull();
    } finally {
      await app.close();
    }
    expect(await readinessOf('http://127.0.0.1:9/readyz')).toMatch(/^no answer/);
    expect(
      servicesPhrase([
        { name: 'indexer', up: true, notReady: 'queue: queue runner not running (restarting)' },
        { name: 'keeper-a', up: false, restartingInMs: 1_500 },
        { name: 'dapp', up: true, notReady: null },
      ]),
    ).toBe(
      'indexer NOT READY (queue: queue runner not running (restarting)), keeper-a DOWN (restarting in 2 s), dapp up',
    );
  });
});
