// The indexer's configuration: read once, each bad variable named on its own line.
import { ConfigError } from '@basket/service-kit';
import { describe, expect, it } from 'vitest';
import { loadIndexerConfig } from '../src/config.ts';

const PROGRAMS = JSON.stringify({
  oracle: 'CTfS8633vcD4fFjZ5n9sxRUFQfe1Kh9nCFr3UxsQbqfQ',
  vault: '9kgY8Wqo1Y9pLoRkAhf6DJpX3YB3wY9nqkfnF2UgEhtw',
  rewards: 'C1EVMT2B3sNp7F9CaT6Hx8pgZb2m9KFx3JmUR7WZgm3V',
});

describe('indexer configuration', () => {
  it('reads a complete environment with its defaults', () => {
    const config = loadIndexerConfig({
      SOLANA_RPC_URL: 'http://127.0.0.1:8899',
      WEBHOOK_SECRET: 'env:S',
      S: 'a-shared-secret-of-enough-length',
      INDEXER_PROGRAM_IDS: PROGRAMS,
    });
    expect(config).toMatchObject({
      port: 7410,
      host: '127.0.0.1',
      webhookSecret: 'a-shared-secret-of-enough-length',
      rpcPerSecond: 50,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable, one line each', () => {
    try {
      loadIndexerConfig({
        SOLANA_RPC_URL: 'not a url',
        WEBHOOK_SECRET: 'short',
        INDEXER_PORT: '70000',
        INDEXER_RPC_PER_SECOND: '500',
        DATABASE_URL: 'mysql://x',
      });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as ConfigError).lines.join('\n');
      for (const name of [
        'SOLANA_RPC_URL',
        'WEBHOOK_SECRET',
        'INDEXER_PORT',
        'INDEXER_RPC_PER_SECOND',
        'DATABASE_URL',
        'WORLD_MANIFEST or INDEXER_PROGRAM_IDS',
      ]) {
        expect(lines).toContain(name);
      }
    }
  });

  it('reads reward prices as exact decimals and names a bad one', () => {
    const base = {
      SOLANA_RPC_URL: 'http://127.0.0.1:8899',
      WEBHOOK_SECRET: 'env:S',
      S: 'a-shared-secret-of-enough-length',
      INDEXER_PROGRAM_IDS: PROGRAMS,
    };
    expect(loadIndexerConfig(base).rewardPrices).toBeNull();
    const prices = { staking: '0.000002', rewards: ['0.0003', '12.5'] };
    expect(
      loadIndexerConfig({ ...base, INDEXER_REWARD_PRICES: JSON.stringify(prices) }).rewardPrices,
    ).toEqual(prices);
    for (const bad of ['{"staking":"1e-6","rewards":[]}', '{"staking":"-1","rewards":[]}', 'x']) {
      expect(() => loadIndexerConfig({ ...base, INDEXER_REWARD_PRICES: bad })).toThrow(
        /INDEXER_REWARD_PRICES/,
      );
    }
  });
});
