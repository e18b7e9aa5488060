// The one RPC limiter's queue is capped: a flood of API reads waits at most `queueMax` deep,
// the rest refused at once, and the indexer's own work (the finality pass) still gets in
// ahead of them. Driven by jobs that never finish (the budget taken), no clock involved.
import Bottleneck from 'bottleneck';
import { describe, expect, it } from 'vitest';
import { RPC_PRIORITY, rpcLimiter } from '../src/rpc-client.ts';

describe('the RPC limiter', () => {
  it('caps its queue and lets the finality pass in ahead of a flood of API reads', async () => {
    // Given a limiter of 1 call a second whose only slot is taken by a call that hangs
    const limiter = rpcLimiter(1, 5);
    const never = () => new Promise<never>(() => {});
    void limiter.schedule({ priority: RPC_PRIORITY.indexing }, never);
    // When 200 API reads arrive
    const outcomes = Array.from({ length: 200 }, () =>
      limiter.schedule({ priority: RPC_PRIORITY.answer }, never).then(
        () => 'ran',
        (error: unknown) => (error instanceof Bottleneck.BottleneckError ? 'dropped' : 'failed'),
      ),
    );
    // Then at most 5 wait and the rest are refused at once
    const settled = await Promise.all(outcomes.slice(5));
    expect(settled).toHaveLength(195);
    expect(settled.every((o) => o === 'dropped')).toBe(true);
    expect(limiter.counts().QUEUED).toBe(5);
    // And a finality call still gets a place (an API read is dropped for it)
    const finality = limiter.schedule({ priority: RPC_PRIORITY.indexing }, never);
    finality.catch(() => {});
    expect(await Promise.race(outcomes.slice(0, 5))).toBe('dropped');
    expect(limiter.counts().QUEUED).toBe(5);
    // Another API read is refused: the queue holds nothing less important than it
    await expect(limiter.schedule({ priority: RPC_PRIORITY.answer }, never)).rejects.toThrow(
      /dropped/,
    );
    // Not awaited: stop waits for the executing call, which never ends.
    limiter.stop({ dropWaitingJobs: true }).catch(() => {});
  });
});
