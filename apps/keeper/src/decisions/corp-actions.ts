// Which corporate actions are severe (the operator must act) and what to do about each. The
// API's reasons are FeeAccrual, Dividend, Split, ReverseSplit and Administrative; mergers,
// spin-offs and delistings arrive as Administrative with a description, so the description
// names the kind when it can. Decided list in docs/decisions/0465-severe-corporate-actions-alert-the-operator.md.

/** A corporate action as the watch sees it. */
export type WatchedAction = Readonly<{
  id: string;
  symbol: string;
  reason: string;
  previousMultiplier: string;
  newMultiplier: string;
  activationDateTime: Date;
  description: string;
}>;

/** The severity and the operator's instructions. */
export type ActionAssessment = Readonly<{
  severe: boolean;
  kind:
    | 'split'
    | 'reverse-split'
    | 'merger'
    | 'spin-off'
    | 'delisting'
    | 'administrative'
    | 'large-multiplier-move'
    | 'routine';
  advice: string;
}>;

/** A multiplier move beyond this (bps either way) is severe whatever its reason. */
export const SEVERE_MULTIPLIER_MOVE_BPS = 1_000n;

function ratioMoveBps(from: string, to: string): bigint {
  const parse = (t: string) => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(t);
    if (!m) return null;
    const f = m[2] ?? '';
    return { v: BigInt(`${m[1]}${f}`), s: f.length };
  };
  const a = parse(from);
  const b = parse(to);
  if (!a || !b || a.v === 0n) return 10_000n;
  const scale = Math.max(a.s, b.s);
  const av = a.v * 10n ** BigInt(scale - a.s);
  const bv = b.v * 10n ** BigInt(scale - b.s);
  const diff = bv > av ? bv - av : av - bv;
  return (diff * 10_000n) / av;
}

const KEYWORDS: readonly [RegExp, ActionAssessment['kind']][] = [
  [/\bdelist/i, 'delisting'],
  [/\bspin[- ]?off\b/i, 'spin-off'],
  [/\b(merger|merge|acquisition|acquired|tender offer)\b/i, 'merger'],
];

/**
 * Assesses one action. Severe: Split and ReverseSplit (they change the multiplier by a ratio,
 * outside FeeAccrual), any Administrative action (mergers, spin-offs, delistings and
 * anything unexplained), and any multiplier move of 10% or more. Routine: FeeAccrual and
 * Dividend moves below that.
 *
 * @example
 * assessCorporateAction({ reason: 'Split', ... }).severe; // true
 */
export function assessCorporateAction(action: WatchedAction): ActionAssessment {
  for (const [pattern, kind] of KEYWORDS) {
    if (pattern.test(action.description)) return { severe: true, kind, advice: ADVICE[kind] };
  }
  if (action.reason === 'Split') return { severe: true, kind: 'split', advice: ADVICE.split };
  if (action.reason === 'ReverseSplit')
    return { severe: true, kind: 'reverse-split', advice: ADVICE['reverse-split'] };
  if (action.reason === 'Administrative')
    return { severe: true, kind: 'administrative', advice: ADVICE.administrative };
  if (ratioMoveBps(action.previousMultiplier, action.newMultiplier) >= SEVERE_MULTIPLIER_MOVE_BPS)
    return { severe: true, kind: 'large-multiplier-move', advice: ADVICE['large-multiplier-move'] };
  return { severe: false, kind: 'routine', advice: ADVICE.routine };
}

const ADVICE: Record<ActionAssessment['kind'], string> = {
  split:
    'The keeper freezes the asset 1 h before activation and pushes the new multiplier after; check that NAV per share is unchanged across activation and that deposits resume.',
  'reverse-split':
    'As for a split; also check that the smallest holdings still exceed the minimum trade size after the ratio.',
  merger:
    'Queue a weight update (48 h timelock) replacing the asset, or pause deposits if the terms are unknown; the keeper will not trade the asset while frozen.',
  'spin-off':
    'The spun-off shares are not in the basket: decide whether to add the new asset (weights behind the 48 h timelock) or sell it; confirm NAV after activation.',
  delisting:
    'Queue a weight update removing the asset now (48 h timelock) so the keeper sells it before delisting; pause deposits if the timelock ends after the delisting.',
  administrative:
    'Read the issuer notice; if the multiplier moves for a reason other than fees or dividends, confirm NAV per share after activation.',
  'large-multiplier-move':
    'Confirm the new multiplier with the issuer before activation and watch NAV per share across it.',
  routine: 'No action: the keeper handles fee accruals and dividends by itself.',
};
