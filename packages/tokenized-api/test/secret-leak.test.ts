import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTokenizedApiClient,
  type TokenizedApiClient,
} from '../src/index.ts';
import {
  API_KEY,
  BASE_URL,
  capturingLogger,
  type Reply,
  scriptedFetch,
  VAULT,
} from './support/scripted-fetch.ts';

const SECRET_PART = 'SECRET';

/** Every way an error can be printed or serialised. */
function renderings(value: unknown): string[] {
  const out = [inspect(value, { depth: 20, showHidden: true }), String(value)];
  try {
    out.push(JSON.stringify(value));
  } catch {
    // circular: inspect covers it
  }
  if (value instanceof Error) {
    out.push(
      value.message,
      String(value.stack),
      JSON.stringify({ ...value }),
      inspect(value.cause, { depth: 20 }),
    );
  }
  return out;
}

function expectNoKey(value: unknown) {
  for (const text of renderings(value)) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(SECRET_PART);
  }
}

function setup(script: Reply[]) {
  const clock = createManualClock();
  const { logger, lines } = capturingLogger();
  const { fetch } = scriptedFetch(clock, script);
  const client = createTokenizedApiClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    fetch,
    clock,
    logger,
  });
  return { clock, client, lines };
}

const rfq = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  cashAmount: '10',
  paymentWalletIdentifier: VAULT,
  receivingWalletIdentifier: VAULT,
};

const scenarios: [string, Reply[], (c: TokenizedApiClient) => Promise<unknown>][] = [
  [
    '401 whose body echoes the key',
    [
      {
        status: 401,
        body: {
          error: { code: 'Unauthorized', message: `bad key ${API_KEY}`, details: { key: API_KEY } },
        },
      },
    ],
    (c) => c.getLimits(),
  ],
  [
    'flat error body echoing the key',
    [{ status: 403, body: { code: API_KEY, message: API_KEY } }],
    (c) => c.getUsage(),
  ],
  ['5xx on the RFQ', [{ status: 503, raw: API_KEY }], (c) => c.requestRfq(rfq)],
  ['timeouts', [{ hang: true }], (c) => c.getFees()],
  ['network errors', [{ networkError: 'ECONNRESET' }], (c) => c.getRegisteredWallets()],
  ['malformed body', [{ status: 200, raw: `{"${API_KEY}": ` }], (c) => c.getQuote('q_1')],
  ['invalid field', [{ status: 200, body: [{ symbol: API_KEY }] }], (c) => c.getLimits()],
  [
    '429 exhausted',
    [{ status: 429, headers: { 'Retry-After': '1' }, raw: API_KEY }],
    (c) => c.listXChangeAssets(),
  ],
];

describe('the API key never leaks', () => {
  it.each(scenarios)(
    '%s: not in the thrown error nor in any log line',
    async (_name, script, call) => {
      // Given an upstream that misbehaves (some even echo the key back)
      const { clock, client, lines } = setup(script);
      // When the call fails
      const error = await clock.runUntilSettled(call(client)).then(
        () => {
          throw new Error('expected a failure');
        },
        (e: unknown) => e,
      );
      // Then neither the error (however printed) nor any log line contains the key
      expectNoKey(error);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(JSON.stringify(line)).not.toContain(API_KEY);
        expect(inspect(line, { depth: 20 })).not.toContain(API_KEY);
      }
    },
  );

  it('the client object itself does not reveal the key when printed', () => {
    const { client } = setup([{ status: 200, body: [] }]);
    expectNoKey(client);
  });

  it('successful calls log no key either', async () => {
    const { client, lines } = setup([{ status: 200, body: [] }]);
    await client.getFees();
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });
});
