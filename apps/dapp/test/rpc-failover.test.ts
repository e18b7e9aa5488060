// The browser's RPC over several endpoints (decision 0932): the server hands out the public
// endpoint and its fallbacks (allowed by the CSP, never the server's own RPC), and the page's
// reads and the wallet flow's sends fail over from a dead endpoint to the next.
import { ConfigError } from '@basket/service-kit';
import { type FakeRpcEndpoint, refusedRpcUrl, startFakeRpc } from '@basket/test-harness';
import type { getBase64EncodedWireTransaction } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDappConfig, publicConfigOf } from '../src/server/config.ts';
import { browserRpc } from '../src/web/data/context.ts';
import { writeFixtureManifest } from './fixture-manifest.ts';

const manifest = writeFixtureManifest();
const production = (extra: Record<string, string> = {}) => ({
  WORLD_MANIFEST: manifest,
  SOLANA_RPC_URL: 'https://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
  SOLANA_WS_URL: 'wss://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
  DAPP_PUBLIC_RPC_URL: 'https://public-rpc.example',
  DAPP_PUBLIC_WS_URL: 'wss://public-rpc.example',
  DAPP_DOMAIN: 'app.example',
  DAPP_TRUSTED_PROXIES: '10.0.0.5',
  TOKENIZED_API_URL: 'http://127.0.0.1:1/api/v2',
  ...extra,
});

describe('the browser RPC endpoints in the configuration', () => {
  it('hands out the public endpoint first, then the fallbacks in order, with the per-endpoint rate', () => {
    const config = loadDappConfig(
      production({
        DAPP_PUBLIC_FALLBACK_RPC_URLS: 'https://b.example, https://c.example',
        DAPP_RPC_ENDPOINT_PER_SECOND: '4',
      }),
    );
    const pub = publicConfigOf(config);
    expect(pub.rpcUrls).toEqual([
      'https://public-rpc.example',
      'https://b.example',
      'https://c.example',
    ]);
    expect(pub.rpcEndpointPerSecond).toBe(4);
    // Without fallbacks: the one endpoint, 10 calls a second.
    const one = publicConfigOf(loadDappConfig(production()));
    expect({ urls: one.rpcUrls, rate: one.rpcEndpointPerSecond }).toEqual({
      urls: ['https://public-rpc.example'],
      rate: 10,
    });
  });

  it("refuses a fallback that is the server's own RPC, or not a URL", () => {
    const lines = (env: Record<string, string>) => {
      try {
        loadDappConfig(env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).lines.join('\n');
      }
    };
    expect(
      lines(
        production({
          DAPP_PUBLIC_FALLBACK_RPC_URLS: 'https://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
        }),
      ),
    ).toContain("DAPP_PUBLIC_FALLBACK_RPC_URLS: must not hold the server's SOLANA_RPC_URL");
    expect(lines(production({ DAPP_PUBLIC_FALLBACK_RPC_URLS: 'not a url' }))).toContain(
      'DAPP_PUBLIC_FALLBACK_RPC_URLS',
    );
  });
});

describe("the page's RPC fails over", () => {
  let live: FakeRpcEndpoint;
  let deadUrl: string;
  beforeAll(async () => {
    // getSlot's slot, and a signature for sendTransaction.
    live = await startFakeRpc((method) =>
      method === 'getSlot'
        ? 42
        : '1111111111111111111111111111111111111111111111111111111111111111',
    );
    deadUrl = await refusedRpcUrl();
  });
  afterAll(async () => {
    await live.close();
  });

  it('reads and sends through the next endpoint when the first refuses connections', async () => {
    const rpc = browserRpc({
      rpcUrl: deadUrl,
      rpcUrls: [deadUrl, live.url],
      rpcEndpointPerSecond: 50,
    });
    for (let i = 0; i < 4; i += 1) expect(await rpc.getSlot().send()).toBe(42n);
    // A signed transaction's bytes are not checked by the stand-in: any base64 wire will do.
    const wire = 'AA==' as ReturnType<typeof getBase64EncodedWireTransaction>;
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    expect(live.calls).toEqual(['getSlot', 'getSlot', 'getSlot', 'getSlot', 'sendTransaction']);
  });

  it('a session naming one endpoint only still reads through it', async () => {
    const rpc = browserRpc({ rpcUrl: live.url, rpcUrls: [], rpcEndpointPerSecond: 10 });
    expect(await rpc.getSlot().send()).toBe(42n);
  });
});
