// Steps: the keeper's NAV cycle. It signs the canonical payload with its Ed25519 key (the
// runtime verifies the signature, the oracle checks the key is a keeper), pushes it, then
// sends refresh_nav so the vault prices every holding once at this snapshot; the NAV the
// vault computed is read from the NavRefreshed event, decoded by the SDK.
import {
  decodeF64Multiplier,
  decodeProgramEvents,
  getNavQuote,
  getPushSnapshotInstructionsFor,
  getRefreshNavInstructionFor,
} from '@basket/sdk';
import { type Basket, type Cast, readVault } from '../context.ts';
import { cu, type Narrator, usd } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** MARKET_OPEN: the price was taken while the primary market was open. */
const MARKET_OPEN = 1;

/** What one push-and-refresh established. */
export interface NavRefresh {
  sequence: bigint;
  /** From the NavRefreshed event, 1e-6 USD. */
  navUpUsd: bigint;
  navDownUsd: bigint;
  /** What the SDK's `getNavQuote` predicted before refresh_nav landed (rounded down). */
  quotedNavDownUsd: bigint | null;
  /** NAV per share x 1e12 (payout side), from the same quote. */
  pricePerShare: bigint | null;
}

async function pushAndRefresh(cast: Cast, basket: Basket, sequence: bigint, say: Narrator) {
  const { ledger, keeper } = cast;
  const slot = await ledger.slot();
  const push = await getPushSnapshotInstructionsFor(
    {
      keeper: cast.navSignerKeys,
      sku: cast.sku,
      sequence,
      entries: basket.assets.map((a) => ({
        priceUsd1E8: a.priceUsd1e8,
        // The oracle stores the floor of multiplier x 1e12, decoded from the mint's f64 exactly
        // as the vault decodes it, so the vault's multiplier check passes to the bit.
        multiplierNum: decodeF64Multiplier(a.multiplier).floor,
        updatedSlot: slot,
        flags: MARKET_OPEN,
      })),
    },
    ledger.programs,
  );
  const pushed = await ledger.land(`oracle push_snapshot #${sequence}`, keeper, push);
  say.detail(
    `push #${sequence} (Ed25519 verify + push_snapshot): ${cu(pushed.computeUnits)}, ${pushed.txBytes} bytes; prices ${basket.assets.map((a) => `${a.symbol} ${usd(a.priceUsd1e8 / 100n)}`).join(', ')}`,
  );
  const quote = await getNavQuote(ledger.rpc, cast.sku, { programs: ledger.programs });
  const refresh = await ledger.land('vault refresh_nav', keeper, [
    getRefreshNavInstructionFor({ vault: await readVault(cast) }, ledger.programs),
  ]);
  const event = decodeProgramEvents(refresh.logs, cast.ledger.programs).find(
    (e) => e.status === 'decoded' && e.program === 'vault' && e.name === 'navRefreshed',
  );
  if (event?.status !== 'decoded' || event.name !== 'navRefreshed') {
    throw new Error('refresh_nav landed without a NavRefreshed event');
  }
  const { navUpUsd, navDownUsd, snapshotSequence } = event.event;
  const quoted = quote.navUsd?.down ?? null;
  say.detail(
    `refresh_nav: ${cu(refresh.computeUnits)}; NavRefreshed at snapshot #${snapshotSequence}: NAV ${usd(navDownUsd)} (down) / ${usd(navUpUsd)} (up)`,
  );
  say.detail(
    `getNavQuote before the refresh: ${quoted === null ? quote.refusal?.message : usd(quoted)} (${quoted === navDownUsd ? 'equal to the event' : 'DIFFERENT'})`,
  );
  return {
    sequence,
    navUpUsd,
    navDownUsd,
    quotedNavDownUsd: quoted,
    pricePerShare: quote.pricePerShare,
  };
}

export async function firstPush(cast: Cast, basket: Basket, say: Narrator): Promise<NavRefresh> {
  say.step(STEPS.firstPush);
  const r = await pushAndRefresh(cast, basket, 1n, say);
  say.detail(
    'the vault holds nothing yet, so its NAV is zero: the first deposit prices at $1 per share',
  );
  return r;
}

/** Price moves of the second push, in basis points per asset (within the 10% cap). */
const MOVES_BPS = [300n, -100n, 500n];

export async function secondPush(cast: Cast, basket: Basket, say: Narrator): Promise<NavRefresh> {
  say.step(STEPS.secondPush);
  // Half a minute later: well within the 60 s staleness of market hours.
  await cast.ledger.advance(30n);
  const before = await getNavQuote(cast.ledger.rpc, cast.sku, { programs: cast.ledger.programs });
  for (const [i, a] of basket.assets.entries()) {
    a.priceUsd1e8 = (a.priceUsd1e8 * (10_000n + (MOVES_BPS[i] ?? 0n))) / 10_000n;
  }
  say.detail(
    `moves: ${basket.assets.map((a, i) => `${a.symbol} ${Number(MOVES_BPS[i] ?? 0n) / 100}%`).join(', ')}; NAV before ${usd(before.navUsd?.down ?? 0n)}`,
  );
  const r = await pushAndRefresh(cast, basket, 2n, say);
  // Price memory: deposits are priced at the less favourable of the last two snapshots'
  // unit values (up), payouts likewise (down), so a trader who sees a push coming cannot
  // deposit at the old price and withdraw at the new one.
  say.detail(
    'down and up differ because each asset is valued at the less favourable of the last two pushes (price memory)',
  );
  if (r.pricePerShare !== null) {
    say.detail(`price per share for payouts ${usd(r.pricePerShare / 1_000_000n)}`);
  }
  return r;
}
