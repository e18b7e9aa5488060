import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PORT, helpText, parseSimulatorCommand } from '../src/index.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

describe('command-line configuration', () => {
  it('uses documented defaults', () => {
    const parsed = parseSimulatorCommand([], {});
    expect(parsed.kind).toBe('run');
    if (parsed.kind !== 'run') return;
    expect(parsed.config).toMatchObject({
      port: DEFAULT_SIM_PORT,
      usesDefaultApiKey: true,
      rfqOutcome: 'expire',
    });
    expect(parsed.config.faults.rateLimitEvery).toBe(0);
  });

  it('reads environment variables, and flags win over them', () => {
    const parsed = parseSimulatorCommand(
      ['--rate-limit-every', '7', '--halt', 'TSLAx:atomic', '--halt', 'AMCx:both'],
      {
        TOKENIZED_SIM_PORT: '0',
        TOKENIZED_SIM_RATE_LIMIT_EVERY: '3',
        TOKENIZED_SIM_API_KEY: 'env-provided-key-1',
        TOKENIZED_SIM_RETRY_AFTER_FORMAT: 'http-date',
      },
    );
    if (parsed.kind !== 'run') throw new Error('expected run');
    expect(parsed.config.port).toBe(0);
    expect(parsed.config.faults).toMatchObject({
      rateLimitEvery: 7,
      retryAfterFormat: 'http-date',
    });
    expect(parsed.config.usesDefaultApiKey).toBe(false);
    expect(parsed.config.haltOverrides).toEqual({
      TSLAx: { market: false, atomic: true },
      AMCx: { market: true, atomic: true },
    });
  });

  it.each([
    [['--port', '70000'], /--port/],
    [['--rfq-outcome', 'maybe'], /--rfq-outcome/],
    [['--halt', 'XYZx:atomic'], /unknown symbol/],
    [['--halt', 'TSLAx:sometimes'], /:market, :atomic or :both/],
    [['--wallet', 'not-base58!'], /base58/],
    [['--swap-prefix', '/public/swap'], /trades/],
    [['--api-key', 'short'], /value not shown/],
    [['--bogus'], /Unknown option/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSimulatorCommand(argv, {})).toThrow(message);
  });

  it.each([
    ['chain-corporate-actions', 'TOKENIZED_SIM_CHAIN_CORPORATE_ACTIONS', 'chainCorporateActions'],
    ['chain-clock', 'TOKENIZED_SIM_CHAIN_CLOCK', 'chainClock'],
  ] as const)(
    '--%s is off by default, needs a world, and refuses a bad value',
    (flag, variable, field) => {
      const world = { WORLD_MANIFEST: '/tmp/world.json' };
      const run = (argv: string[], env: Record<string, string>) => {
        const parsed = parseSimulatorCommand(argv, env);
        return parsed.kind === 'run' ? parsed.config[field] : null;
      };
      expect(run([], world)).toBe(false);
      expect(run([`--${flag}`], world)).toBe(true);
      expect(run([], { ...world, [variable]: '1' })).toBe(true);
      expect(run([], { ...world, [variable]: 'true' })).toBe(true);
      expect(run([], { ...world, [variable]: '0' })).toBe(false);
      expect(() => parseSimulatorCommand([`--${flag}`], {})).toThrow(/needs WORLD_MANIFEST/);
      expect(() => parseSimulatorCommand([], { ...world, [variable]: 'yes' })).toThrow(
        new RegExp(`${variable} must be one of`),
      );
    },
  );

  it('--help documents every flag with its environment variable', () => {
    expect(parseSimulatorCommand(['--help'], {})).toEqual({ kind: 'help' });
    const text = helpText();
    for (const flag of [
      '--port',
      '--rate-limit-every',
      '--retry-after-format',
      '--error-every',
      '--slow-ms',
      '--malformed-every',
      '--chain-corporate-actions',
      '--chain-clock',
    ]) {
      expect(text).toContain(flag);
    }
    expect(text).toContain('TOKENIZED_SIM_PORT');
  });
});

describe('the start command', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  it('starts with one command, prints its URL, serves, and stops on SIGTERM', async () => {
    // Given the simulator started as a developer would (on a free port)
    child = spawn(TSX, [MAIN, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Waits for the URL however slow the machine is; a simulator that exits first fails here
    // with what it printed (the test's own timeout bounds a hang).
    const url = await new Promise<string>((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`exited ${code} before a URL: ${output}`)));
      child?.stdout?.on('data', () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v2)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
    });
    // When it is called / Then it serves the API
    const response = await fetch(`${url}/public/assets/AAPLx`);
    expect(response.status).toBe(200);
    expect(output).toContain(`TOKENIZED_API_URL=${url}`);
    // When it is stopped / Then it exits cleanly
    const exit = new Promise<number | null>((resolve) =>
      child?.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 120_000);
});
