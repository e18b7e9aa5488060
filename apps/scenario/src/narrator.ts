// How the scenario speaks: one heading line per step and indented details. Steps never call
// console.log themselves, so the test can run the scenario silently and still read its lines.
import { formatDecimalAmount } from '@basket/sdk';
import type { Address } from '@solana/kit';

/** Where the scenario's lines go (the console in `npm start`, an array in the test). */
export interface Narrator {
  step(title: string): void;
  detail(text: string): void;
}

/**
 * A narrator that numbers steps and writes to `write` (one call per line).
 *
 * @example
 * const narrator = numberedNarrator((line) => console.log(line));
 */
export function numberedNarrator(write: (line: string) => void): Narrator {
  let n = 0;
  return {
    step(title) {
      n += 1;
      write(`\n[${n}] ${title}`);
    },
    detail(text) {
      write(`    ${text}`);
    },
  };
}

/** `Abcd…wxyz`: enough of an address to tell accounts apart in a narration. */
export function short(address: Address | string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/** `12345678 raw (12.345678 USDC)`: raw units first, as the programs see them. */
export function amount(raw: bigint, decimals: number, symbol: string): string {
  return `${raw} raw (${formatDecimalAmount(raw, decimals)} ${symbol})`;
}

/** A value in 1e-6 USD as dollars (`$12,345.678901`), exact. */
export function usd(valueUsd1e6: bigint): string {
  const [whole = '0', fraction] = formatDecimalAmount(valueUsd1e6, 6).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Compute units with thousands separators. */
export function cu(units: bigint | number): string {
  return `${Number(units).toLocaleString('en-US')} CU`;
}
