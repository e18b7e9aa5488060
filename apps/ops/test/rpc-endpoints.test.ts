// The operator CLI's RPC endpoints (decision 0932): `--rpc` takes several (it replaces the
// environment file's), the file may name fallbacks after `cluster.rpcUrl`, and the chain the
// commands use reads and sends through the next endpoint when one refuses connections.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type FakeRpcEndpoint, refusedRpcUrl, startFakeRpc } from '@basket/test-harness';
import { connectChain } from '@basket/world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcEndpointsOf, setRpcOverride } from '../src/cli-context.ts';
import { envConfigSchema } from '../src/env-config.ts';
import { OpsError } from '../src/errors.ts';

const cluster = { rpcUrl: 'https://a.example', wsUrl: 'wss://a.example' };

describe('the endpoints a command uses', () => {
  it("takes the file's rpcUrl, then its fallbacks; --rpc replaces both", () => {
    expect(rpcEndpointsOf({ cluster }, undefined)).toEqual(['https://a.example']);
    const withFallbacks = { cluster: { ...cluster, fallbackRpcUrls: ['https://b.example'] } };
    expect(rpcEndpointsOf(withFallbacks, undefined)).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(rpcEndpointsOf(withFallbacks, ['https://x.example', 'https://y.example'])).toEqual([
      'https://x.example',
      'https://y.example',
    ]);
    expect(rpcEndpointsOf(withFallbacks, [])).toEqual(['https://a.example', 'https://b.example']);
  });

  it('checks the fallbacks in the environment file and the URLs of --rpc', () => {
    const clusterSchema = envConfigSchema.shape.cluster;
    expect(
      clusterSchema.safeParse({ ...cluster, fallbackRpcUrls: ['https://b.example'] }).success,
    ).toBe(true);
    expect(
      clusterSchema.safeParse({ ...cluster, fallbackRpcUrls: ['ftp://b.example'] }).success,
    ).toBe(false);
    expect(() => setRpcOverride(['https://a.example', 'not-a-url'])).toThrow(OpsError);
    setRpcOverride(undefined);
  });

  it('documents --rpc in the help', async () => {
    const cli = new URL('../src/main.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      '--help',
    ]);
    expect(stdout).toMatch(/--rpc <urls>\s+RPC endpoints, comma-separated, in failover order/);
  });
});

describe('the chain of a command fails over', () => {
  let live: FakeRpcEndpoint;
  let deadUrl: string;
  beforeAll(async () => {
    live = await startFakeRpc((method) => (method === 'getSlot' ? 42 : 'ok'));
    deadUrl = await refusedRpcUrl();
  });
  afterAll(async () => {
    await live.close();
  });

  it('reads through the second endpoint while the first refuses connections', async () => {
    const chain = connectChain([deadUrl, live.url], 'ws://127.0.0.1:1');
    for (let i = 0; i < 4; i += 1) expect(await chain.rpc.getSlot().send()).toBe(42n);
    expect(live.calls).toEqual(['getSlot', 'getSlot', 'getSlot', 'getSlot']);
  });
});
