// A push the oracle refuses beyond its deviation cap raises the alert that names the SKU and
// the admins' approval it waits for; any other failure raises nothing new. Both are thrown on.
import { BasketTransactionError, type TransactionFailure } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import type { KeeperContext } from '../src/jobs/context.ts';
import { refused } from '../src/jobs/nav-push.ts';
import type { KeeperSku } from '../src/service/config.ts';

const sku = { skuId: 'TECH6' } as KeeperSku;

function custom(program: 'oracle' | 'vault', code: number): BasketTransactionError {
  const failure: TransactionFailure = {
    kind: 'custom',
    code,
    program,
    programAddress: null,
    instructionIndex: 1,
    constant: null,
    name: null,
    shared: false,
    known: true,
    message: `custom ${code}`,
  };
  return new BasketTransactionError(failure, []);
}

function recording() {
  const alerts: unknown[][] = [];
  const ctx = { alert: (...a: unknown[]) => alerts.push(a) } as unknown as KeeperContext;
  return { ctx, alerts };
}

describe('a NAV push refused by the oracle', () => {
  it('beyond the deviation cap (2014): alerts with the SKU, the push and the approval, and throws on', () => {
    // Given the oracle's DeviationTooLarge on push #12 of TECH6
    const { ctx, alerts } = recording();
    const error = custom('oracle', 2014);
    // When the job sees it
    // Then it is thrown on, after one critical alert naming what the operators must do
    expect(() => refused(ctx, sku, 12n, error)).toThrow(error);
    expect(alerts).toHaveLength(1);
    const [kind, severity, message, fields] = alerts[0] as [string, string, string, object];
    expect([kind, severity]).toEqual(['nav-deviation-approval', 'critical']);
    expect(message).toContain('TECH6');
    expect(message).toContain('oracle.approve-deviation --sku TECH6');
    expect(fields).toEqual({
      sku: 'TECH6',
      sequence: '12',
      approval: 'oracle.approve-deviation',
    });
  });

  it('for any other cause (the same code from another program, a network error): no alert', () => {
    const { ctx, alerts } = recording();
    const vault = custom('vault', 2014);
    expect(() => refused(ctx, sku, 3n, vault)).toThrow(vault);
    const network = new Error('fetch failed');
    expect(() => refused(ctx, sku, 3n, network)).toThrow(network);
    expect(alerts).toEqual([]);
  });
});
