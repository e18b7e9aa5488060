// Components rendered to HTML: labels tied to inputs and errors, banner roles, the chart's text
// summary, a transaction's failure in words and its explorer link.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { vaultBanners } from '../src/shared/banners.ts';
import { formatUsd } from '../src/shared/money.ts';
import type { Session } from '../src/shared/public-config.ts';
import { Dapp, type DappContext } from '../src/web/data/context.ts';
import { Banners } from '../src/web/ui/banners.tsx';
import { AmountField } from '../src/web/ui/fields.tsx';
import { TimeChart } from '../src/web/ui/time-chart.tsx';
import { TxStatus } from '../src/web/ui/tx-status.tsx';

const session = {
  config: {
    explorerTxUrl: 'https://explorer.test/tx/{signature}?rpc={rpc}',
    rpcUrl: 'http://127.0.0.1:8899',
  },
} as unknown as Session;
const withDapp = (node: ReturnType<typeof h>) =>
  h(Dapp.Provider, { value: { session } as DappContext }, node);

describe('components', () => {
  it('ties the amount label and its error to the input', () => {
    const html = renderToStaticMarkup(
      h(AmountField, {
        name: 'amount',
        label: 'Amount to deposit',
        unit: 'USDC',
        value: '1e3',
        onChange: () => {},
        error: 'not an amount',
      }),
    );
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${id}">Amount to deposit</label>`);
    expect(html).toContain(`aria-describedby="${id}-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`id="${id}-error"`);
  });

  it('announces a paused vault as an alert and a freeze as a status', () => {
    const banners = vaultBanners({
      now: 0n,
      paused: true,
      staleness: null,
      assets: [],
      pendingChanges: new Map([['M', { activationUnix: 600n, reason: 'Split' }]]),
      symbols: new Map([['M', 'AAPLx']]),
    });
    const html = renderToStaticMarkup(h(Banners, { banners }));
    // The live region inside each item: the item itself stays a list item.
    expect(html).toMatch(/<li[^>]*data-kind="paused"[^>]*><div role="alert">/);
    expect(html).toMatch(/<li[^>]*data-kind="freeze"[^>]*><div role="status">/);
    expect(html).not.toMatch(/<li[^>]*role=/);
  });

  it('gives a chart a caption and a text alternative, and says when there is no history', () => {
    const html = renderToStaticMarkup(
      h(TimeChart, {
        title: 'TVL',
        points: [
          { time: 1n, value: 1_000_000n },
          { time: 2n, value: 2_500_000n },
        ],
        format: (v: bigint) => formatUsd(v),
      }),
    );
    expect(html).toContain('<figcaption>TVL <span class="hint">latest $2.50</span></figcaption>');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain(
      '<p class="sr-only">TVL: from $1.00 to $2.50, 2 points; low $1.00, high $2.50.</p>',
    );
    const empty = renderToStaticMarkup(
      h(TimeChart, { title: 'TVL', points: [], format: (v: bigint) => formatUsd(v) }),
    );
    expect(empty).toContain('Not enough history yet.');
  });

  it('shows a failure in words and a confirmation with its explorer link', () => {
    const failed = renderToStaticMarkup(
      withDapp(
        h(TxStatus, {
          state: {
            step: 'failed',
            label: 'Deposit',
            message: 'The vault is paused',
            code: 'VAULT_ERROR__VAULT_PAUSED',
          },
        }),
      ),
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Deposit failed: The vault is paused');
    const ok = renderToStaticMarkup(
      withDapp(h(TxStatus, { state: { step: 'confirmed', label: 'Deposit', signature: 'SiG' } })),
    );
    expect(ok).toContain('href="https://explorer.test/tx/SiG?rpc=http%3A%2F%2F127.0.0.1%3A8899"');
  });
});
