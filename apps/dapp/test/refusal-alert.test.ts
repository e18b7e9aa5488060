// The refusal alert every transaction form shows before signing: the program's reason in one
// sentence with an alert role, and nothing at all while the vault would accept the quote.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RefusalAlert } from '../src/web/ui/refusal-alert.tsx';

describe('RefusalAlert', () => {
  it('names the transaction and the vault’s reason in an alert', () => {
    // Given a quote the vault would refuse
    const quote = { ok: false, refusal: { message: 'The vault is paused.' } } as const;
    // When the alert renders for a request
    const html = renderToStaticMarkup(h(RefusalAlert, { quote, what: 'request' }));
    // Then it is one alert paragraph with the sentence the browser tests look for
    expect(html).toBe(
      '<p class="error" role="alert">The vault would refuse this request: The vault is paused.</p>',
    );
  });

  it('renders nothing for an accepted quote or no quote yet', () => {
    expect(renderToStaticMarkup(h(RefusalAlert, { quote: { ok: true }, what: 'withdrawal' }))).toBe(
      '',
    );
    expect(renderToStaticMarkup(h(RefusalAlert, { quote: null, what: 'withdrawal' }))).toBe('');
  });
});
