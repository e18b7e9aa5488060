// Compile-time check that a real kit RPC client satisfies the SDK's narrow RPC interfaces.
import { createSolanaRpc } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { SimulateRpc } from '../src/index.ts';

describe('RPC interfaces', () => {
  it('accept a kit Rpc', () => {
    const rpc = createSolanaRpc('http://127.0.0.1:8899');
    const simulate: SimulateRpc = rpc;
    expect(typeof simulate.simulateTransaction).toBe('function');
  });
});
