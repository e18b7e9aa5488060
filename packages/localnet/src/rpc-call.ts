/** A JSON-RPC error answered by the validator, with its code and the method that failed. */
export class RpcCallError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (code ${code})`);
    this.name = 'RpcCallError';
  }
}

/**
 * One JSON-RPC call over HTTP, for the methods Kit's typed RPC does not know (the validator's
 * `surfnet_*` cheatcodes) and for readiness probes.
 *
 * @example
 * const slot = await rpcCall<number>('http://127.0.0.1:8899', 'getSlot');
 */
export async function rpcCall<T>(
  url: string,
  method: string,
  params: readonly unknown[] = [],
  timeoutMs = 5_000,
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new RpcCallError(method, response.status, `HTTP ${response.status}`);
  const body = (await response.json()) as {
    result?: T;
    error?: { code: number; message: string };
  };
  if (body.error) throw new RpcCallError(method, body.error.code, body.error.message);
  return body.result as T;
}
