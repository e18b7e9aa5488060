import type { Clock, FetchLike } from '../../src/index.ts';

/** What the fake server does for one request. */
export type Reply =
  | { status: number; body?: unknown; raw?: string; headers?: Record<string, string> }
  | { hang: true }
  | { networkError: string };

/** One request the fake saw. */
export type SeenCall = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  at: number;
};

/**
 * A fetch double: answers from `script` (a list consumed in order, the last entry repeating,
 * or a function of the call), records every call with the clock time it was made.
 */
export function scriptedFetch(
  clock: Clock,
  script: Reply[] | ((call: SeenCall, index: number) => Reply),
): { fetch: FetchLike; calls: SeenCall[] } {
  const calls: SeenCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const call: SeenCall = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
      at: clock.now(),
    };
    calls.push(call);
    const index = calls.length - 1;
    const reply =
      typeof script === 'function'
        ? script(call, index)
        : (script[Math.min(index, script.length - 1)] as Reply);
    if ('hang' in reply) {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    if ('networkError' in reply) {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: reply.networkError } });
    }
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, calls };
}

/** A log sink that keeps every line, for assertions. */
export function capturingLogger() {
  const lines: { level: string; message: string; fields: unknown }[] = [];
  const at = (level: string) => (message: string, fields?: unknown) => {
    lines.push({ level, message, fields });
  };
  return {
    logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    lines,
  };
}

/** A deterministic random source cycling through `values`. */
export function cyclingRandom(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] as number;
}

export const BASE_URL = 'https://api.tokenized.example/api/v2';
export const API_KEY = 'test-key-SECRET-0123456789';
export const VAULT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
