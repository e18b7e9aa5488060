// `npm start -- --chain-clock`: the option, its help line, and the simulator's environment.
import { describe, expect, it } from 'vitest';
import { HELP, parseWorldOptions } from '../src/supervisor/options.ts';
import { worldServices } from '../src/supervisor/services.ts';

const input = {
  root: '/nonexistent-root',
  manifestPath: '/tmp/world/world.json',
  rpcUrl: 'http://127.0.0.1:8899',
  wsUrl: 'ws://127.0.0.1:8900',
  databaseUrl: 'postgres://127.0.0.1:54329/postgres',
  simPort: 7407,
  webhookSecret: 'Bearer test',
};

describe('npm start --chain-clock', () => {
  it('is off by default, on with the flag, and documented in --help', () => {
    expect(parseWorldOptions([]).chainClock).toBe(false);
    expect(parseWorldOptions(['--chain-clock']).chainClock).toBe(true);
    expect(HELP).toMatch(/--chain-clock/);
  });

  it("starts the simulator following the chain's clock only when asked", () => {
    const sim = (chainClock: boolean) =>
      worldServices({ ...input, chainClock }).find((s) => s.name === 'tokenized-api-sim');
    expect(sim(true)?.env.TOKENIZED_SIM_CHAIN_CLOCK).toBe('1');
    expect(sim(false)?.env.TOKENIZED_SIM_CHAIN_CLOCK).toBeUndefined();
    // The rest of its environment is the same either way.
    const { TOKENIZED_SIM_CHAIN_CLOCK: _, ...rest } = sim(true)?.env ?? {};
    expect(rest).toEqual(sim(false)?.env);
  });
});
