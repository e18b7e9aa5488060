// Reward APR for stakers, from the claims (docs/decisions/0539-reward-apr-in-kind-always-in-usd-only-with-operator-prices.md). The
// rewards program pays in several tokenized-stock mints while stakers lock the service's
// staking token, which has no on-chain price; neither the claim nor the oracle events carry
// a per-mint price. So the answer has two layers, both computed in SQL with exact numerics:
// - in kind, always: per reward slot, raw reward units claimed per raw staked unit per year
//   (claims in the window over the time-weighted stake of the window);
// - in USD basis points, when the operator configures prices (INDEXER_REWARD_PRICES: USD per
//   raw unit of the staking token and of each reward slot's mint, multiplier and decimals
//   included): sum(claimed x price) / (stake-seconds x staking price) x one year.
// Both are rounded toward zero (an APR shown never overstates what was paid).
import type pg from 'pg';

/** USD per raw unit, as exact decimal strings (no floating point). */
export type RewardPrices = Readonly<{ staking: string; rewards: readonly string[] }>;

export type RewardApr = Readonly<{
  days: number;
  /** The window: it ends at the last rewards event the indexer holds (the chain's clock). */
  fromUnixTime: number | null;
  toUnixTime: number | null;
  /** Raw staked units x seconds over the window (the time-weighted stake). */
  stakeSeconds: string;
  /** Raw amounts claimed in the window, per reward slot. */
  claimed: string[];
  /** Per reward slot: raw reward per raw staked unit per year, x 1e12, rounded down. */
  yieldPerYearE12: string[];
  /** USD APR in basis points (null without prices, stake or claims window). */
  aprBps: string | null;
}>;

const YEAR_SECONDS = 365 * 86_400;

/**
 * One statement: the window end (last rewards event), the stake-seconds in it (each stake or
 * unstake weighs its signed amount by the time it was in force inside the window), the claims
 * per slot, then both APRs. `$3` is the staking price, `$4` the per-slot prices (or nulls).
 */
const SQL = `
with bounds as (
  select max(extract(epoch from t.block_time))::bigint::numeric as to_t
  from events e join transactions t using (signature)
  where e.program = 'rewards' and e.status = 'decoded' and t.block_time is not null
), w as (select to_t - $1::numeric * 86400 as from_t, to_t from bounds),
stake as (
  select coalesce(sum(
    case s.kind when 'stake' then s.amount else -s.amount end
      * (w.to_t - greatest(extract(epoch from s.block_time)::bigint::numeric, w.from_t))), 0)
      as seconds
  from stakes s, w
  where s.block_time is not null and extract(epoch from s.block_time)::bigint <= w.to_t
), slots as (
  select a.slot, coalesce(sum(a.amount::numeric), 0) as claimed
  from reward_claims c, w,
    jsonb_array_elements_text(c.amounts) with ordinality as a(amount, slot)
  where c.block_time is not null and extract(epoch from c.block_time)::bigint > w.from_t
    and extract(epoch from c.block_time)::bigint <= w.to_t
  group by a.slot
), priced as (
  select coalesce(sum(slots.claimed * ($4::numeric[])[slots.slot]), 0) as usd,
    coalesce(bool_and(($4::numeric[])[slots.slot] is not null or slots.claimed = 0), true)
      as all_priced
  from slots
)
select w.from_t::bigint as from_t, w.to_t::bigint as to_t, stake.seconds::text as stake_seconds,
  coalesce((select array_agg(claimed::text order by slot) from slots), '{}') as claimed,
  coalesce((select array_agg(case when stake.seconds > 0
      then trunc(claimed * $2::numeric * 1e12 / stake.seconds)::text else '0' end
      order by slot) from slots), '{}') as yields,
  case when stake.seconds > 0 and $3::numeric > 0 and priced.all_priced
    then trunc(priced.usd * 10000 * $2::numeric / (stake.seconds * $3::numeric))::text
  end as apr_bps
from w, stake, priced`;

/**
 * The stakers' reward APR over the last `days` days.
 *
 * @example
 * const apr = await rewardApr(pool, 30, { staking: '0.000002', rewards: ['0.0003'] });
 */
export async function rewardApr(
  pool: pg.Pool,
  days: number,
  prices: RewardPrices | null,
): Promise<RewardApr> {
  const { rows } = await pool.query<{
    from_t: string | null;
    to_t: string | null;
    stake_seconds: string;
    claimed: string[];
    yields: string[];
    apr_bps: string | null;
  }>(SQL, [days, YEAR_SECONDS, prices?.staking ?? null, prices ? [...prices.rewards] : []]);
  const r = rows[0];
  return {
    days,
    fromUnixTime: r?.from_t == null ? null : Number(r.from_t),
    toUnixTime: r?.to_t == null ? null : Number(r.to_t),
    stakeSeconds: r?.stake_seconds ?? '0',
    claimed: r?.claimed ?? [],
    yieldPerYearE12: r?.yields ?? [],
    aprBps: r?.apr_bps ?? null,
  };
}
