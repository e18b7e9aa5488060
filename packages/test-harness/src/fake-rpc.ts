// Stand-in JSON-RPC endpoints for the RPC-failover tests (the dapp's browser RPC, the operator
// CLI's chain): one that answers on 127.0.0.1 and records the methods it was asked, and one
// that refuses every connection at once, so a client's failover is exercised over real HTTP
// without a cluster and without waiting on a timeout.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A live stand-in endpoint: its URL, the methods called in order, and how to stop it. */
export interface FakeRpcEndpoint {
  readonly url: string;
  /** Every JSON-RPC method asked of it, in the order the requests arrived. */
  readonly calls: string[];
  close(): Promise<void>;
}

/**
 * Serves JSON-RPC on an ephemeral 127.0.0.1 port, answering each request with
 * `{ jsonrpc: '2.0', id, result: answer(method) }`.
 *
 * @example
 * const rpc = await startFakeRpc((method) => (method === 'getSlot' ? 42 : 'ok'));
 * // ... a client pointed at rpc.url ...
 * expect(rpc.calls).toEqual(['getSlot']);
 * await rpc.close();
 */
export async function startFakeRpc(answer: (method: string) => unknown): Promise<FakeRpcEndpoint> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      calls.push(method);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: answer(method) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The URL of a 127.0.0.1 port that was bound and closed again: connections to it are refused
 * at once (a dead endpoint, with no timeout to wait out).
 *
 * @example
 * const dead = await refusedRpcUrl();
 * await expect(fetch(dead)).rejects.toThrow();
 */
export async function refusedRpcUrl(): Promise<string> {
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
  return url;
}
