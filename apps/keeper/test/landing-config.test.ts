// The keeper's landing settings: endpoints in failover order and the priority-fee caps per job.
// (The endpoint pool itself is the SDK's: packages/sdk/test/rpc-endpoint-pool.test.ts.)
import { describe, expect, it } from 'vitest';
import { feeCapFor, landingSettings, rpcEndpointsOf } from '../src/chain/landing-config.ts';

describe('landing configuration', () => {
  const settings = landingSettings({ rpcUrl: 'http://127.0.0.1:8899' });

  it('defaults to the one cluster endpoint for reads and sends', () => {
    expect(rpcEndpointsOf(settings)).toEqual([
      { url: 'http://127.0.0.1:8899', read: true, send: true },
    ]);
    expect(
      rpcEndpointsOf({ rpcUrls: ['http://a'], sendRpcUrls: ['http://s'] }).map((e) => e.send),
    ).toEqual([true, true]);
  });

  it('caps NAV pushes highest and fee collection lowest', () => {
    expect(feeCapFor(settings, 'nav-push')).toBe(2_000_000n);
    expect(feeCapFor(settings, 'withdrawal-router')).toBe(500_000n);
    expect(feeCapFor(settings, 'collect-fees')).toBe(100_000n);
  });

  it('bounds a rebalance leg by what it trades, rounded down, never above the rebalance cap', () => {
    // $2,500 leg, 10 bps = $2.50; at $100 per SOL = 0.025 SOL = 25,000,000 lamports > the cap.
    expect(feeCapFor(settings, 'rebalance-exec', 250_000_000_000n)).toBe(1_000_000n);
    // $50 leg: $0.05 = 0.0005 SOL = 500,000 lamports.
    expect(feeCapFor(settings, 'rebalance-exec', 5_000_000_000n)).toBe(500_000n);
    // $0.33333333 leg: 0.000333333 USD -> 3,333.33 lamports, rounded down.
    expect(feeCapFor(settings, 'rebalance-exec', 33_333_333n)).toBe(3_333n);
  });
});
