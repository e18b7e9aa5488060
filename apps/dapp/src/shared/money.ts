// Display <-> raw amounts for the dapp. Every amount on chain is raw; what a person sees and
// types is raw x the mint's ScaledUiAmount multiplier. All of it is bigint: the multiplier is
// an f64 in the mint, and the SDK turns it into its exact rational value before any product,
// so no amount ever passes through floating point here.
import {
  currentMultiplier,
  exactDisplayUnits,
  isSdkError,
  type RawAmount,
  type Rounding,
  type ScaledUiAmountConfig,
  SDK_ERROR__INVALID_DECIMAL_AMOUNT,
  uiAmountToRawAmount,
} from '@basket/sdk';

/** How a token is shown: its decimals and its ScaledUiAmount config (null: plain SPL token). */
export type TokenDisplay = Readonly<{
  symbol: string;
  decimals: number;
  scaledUiAmount: ScaledUiAmountConfig | null;
}>;

/** Why a typed amount was refused; `message` is the sentence the form shows. */
export class AmountInputError extends Error {
  override readonly name = 'AmountInputError';
  constructor(
    readonly reason: 'empty' | 'malformed' | 'too-large' | 'zero',
    message: string,
  ) {
    super(message);
  }
}

/** The multiplier the mint applies at `nowUnix` (seconds); 1 for a plain token. */
export function multiplierAt(token: TokenDisplay, nowUnix: bigint): number {
  return token.scaledUiAmount ? currentMultiplier(token.scaledUiAmount, nowUnix) : 1;
}

/** Groups the integer part with commas: "1234567.5" -> "1,234,567.5". */
export function groupDigits(decimal: string): string {
  const negative = decimal.startsWith('-');
  const body = negative ? decimal.slice(1) : decimal;
  const [whole = '0', fraction] = body.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** `units / 10^decimals` as a trimmed decimal string (exact). */
function decimalOf(units: bigint, decimals: number, keepDigits?: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (keepDigits !== undefined) fraction = fraction.slice(0, keepDigits).padEnd(keepDigits, '0');
  else fraction = fraction.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * The display amount of `raw` (exact product with the multiplier in force, rounded down: a
 * balance is never shown above what it is worth), grouped, optionally cut to `maxFraction`
 * digits (again down).
 *
 * @example
 * formatTokenAmount(10_000_000n, { symbol: 'X', decimals: 8, scaledUiAmount: cfg(1.5) }, 0n); // "0.15"
 */
export function formatTokenAmount(
  raw: bigint,
  token: TokenDisplay,
  nowUnix: bigint,
  options: { maxFraction?: number; rounding?: Rounding } = {},
): string {
  const units = exactDisplayUnits(raw, multiplierAt(token, nowUnix), options.rounding ?? 'down');
  let shown = decimalOf(units, token.decimals);
  if (options.maxFraction !== undefined && options.maxFraction < token.decimals) {
    const step = 10n ** BigInt(token.decimals - options.maxFraction);
    const cut =
      options.rounding === 'up' ? ((units + step - 1n) / step) * step : (units / step) * step;
    shown = decimalOf(cut, token.decimals);
  }
  return groupDigits(shown);
}

const TYPED = /^[0-9][0-9,]*(\.[0-9]*)?$|^\.[0-9]+$/;

/**
 * What a user typed (display units) to the raw amount, exactly. `down` (default) for amounts
 * the user sends or asks to receive (never more than typed), `up` for targets the user must
 * reach. Commas between digit groups are accepted; anything else that is not a plain decimal
 * is refused with a sentence.
 *
 * @example
 * parseTokenAmount('1,000.5', usdc, now); // 1_000_500_000n
 */
export function parseTokenAmount(
  typed: string,
  token: TokenDisplay,
  nowUnix: bigint,
  rounding: Rounding = 'down',
): RawAmount {
  const text = typed.trim();
  if (text === '') throw new AmountInputError('empty', 'Enter an amount.');
  if (!TYPED.test(text) || /,,|,\.|,$/.test(text)) {
    throw new AmountInputError('malformed', `"${typed}" is not an amount: use digits and one dot.`);
  }
  let raw: RawAmount;
  try {
    raw = uiAmountToRawAmount(
      text.replaceAll(',', ''),
      token.decimals,
      multiplierAt(token, nowUnix),
      rounding,
    );
  } catch (error) {
    if (isSdkError(error, SDK_ERROR__INVALID_DECIMAL_AMOUNT)) {
      throw new AmountInputError(
        'too-large',
        `${text} ${token.symbol} is more than any account can hold.`,
      );
    }
    throw error;
  }
  if (raw === 0n) {
    throw new AmountInputError(
      'zero',
      `${text} ${token.symbol} is less than the smallest unit of the token.`,
    );
  }
  return raw;
}

/**
 * The text a "max" button puts in the field: the balance's display value rounded down, so that
 * parsing it back (down) never gives more than the balance.
 */
export function maxInputOf(balanceRaw: bigint, token: TokenDisplay, nowUnix: bigint): string {
  const units = exactDisplayUnits(balanceRaw, multiplierAt(token, nowUnix), 'down');
  return decimalOf(units, token.decimals);
}

/**
 * USD in 1e-6 units (the programs' unit) as "$1,234.56". Cents are cut `down` by default (what
 * the user receives is never shown higher); pass `up` for what the user pays.
 */
export function formatUsd(usd1e6: bigint, rounding: Rounding = 'down', fraction = 2): string {
  const negative = usd1e6 < 0n;
  const abs = negative ? -usd1e6 : usd1e6;
  const step = 10n ** BigInt(6 - fraction);
  const towardUp = (rounding === 'up') !== negative;
  const cut = towardUp ? (abs + step - 1n) / step : abs / step;
  return `${negative ? '-' : ''}$${groupDigits(decimalOf(cut, fraction, fraction))}`;
}

/** NAV per share (USD x 1e12, the SDK's unit) as dollars with 6 decimals, rounded down. */
export function formatPricePerShare(pps1e12: bigint): string {
  return `$${groupDigits(decimalOf(pps1e12 / 1_000_000n, 6, 6))}`;
}

/** Basis points as a percentage with two decimals: 50 -> "0.50%", -125 -> "-1.25%". */
export function formatBps(bps: bigint | number): string {
  const b = BigInt(bps);
  const abs = b < 0n ? -b : b;
  return `${b < 0n ? '-' : ''}${decimalOf(abs, 2, 2)}%`;
}

/** `part / total` in basis points, rounded down; 0 when the total is 0. */
export function weightBps(part: bigint, total: bigint): bigint {
  return total === 0n ? 0n : (part * 10_000n) / total;
}

/** Bounds on the slippage a user may set: up to 10%. */
export const MAX_SLIPPAGE_BPS = 1_000n;

/**
 * A slippage typed in percent ("0.5") to basis points, exactly; more than two decimals or more
 * than {@link MAX_SLIPPAGE_BPS} is refused.
 */
export function parseSlippagePercent(typed: string): bigint {
  const text = typed.trim();
  const match = /^(\d{1,2})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match)
    throw new AmountInputError(
      'malformed',
      'Slippage is a percentage with at most two decimals, e.g. 0.5.',
    );
  const bps = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  if (bps > MAX_SLIPPAGE_BPS)
    throw new AmountInputError('too-large', 'Slippage above 10% is not allowed.');
  return bps;
}

/** The least amount accepted after slippage: `amount x (1 - bps)`, rounded down (the vault's side). */
export function minimumAfterSlippage(amount: bigint, slippageBps: bigint): bigint {
  return (amount * (10_000n - slippageBps)) / 10_000n;
}
