// Step: the mints an issuer would already have on mainnet. The SDK builds no mint (issuers
// create them), so the ledger does, with the token programs' own instructions. The stocks mix both token
// programs and carry non-unit ScaledUiAmount multipliers: raw amounts are what the programs
// move, the multiplier only changes what wallets display and what a raw unit is worth.
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TokenProgram,
} from '@basket/test-harness';
import { type Basket, type BasketAsset, type Cast, tokenAmountText } from '../context.ts';
import { type Narrator, short } from '../narrator.ts';
import { STEPS } from './titles.ts';

const STOCKS: readonly {
  symbol: string;
  tokenProgram: TokenProgram;
  decimals: number;
  multiplier: number;
  weightBps: number;
  priceUsd1e8: bigint;
}[] = [
  {
    symbol: 'AAPLx',
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 8,
    multiplier: 1.0571,
    weightBps: 4_000,
    priceUsd1e8: 230_00000000n,
  },
  {
    symbol: 'MSFTx',
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    decimals: 6,
    multiplier: 1,
    weightBps: 3_500,
    priceUsd1e8: 420_00000000n,
  },
  {
    symbol: 'NVDAx',
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 9,
    multiplier: 2.5,
    weightBps: 2_500,
    priceUsd1e8: 180_00000000n,
  },
];

const programName = (p: string) => (p === TOKEN_2022_PROGRAM_ADDRESS ? 'Token-2022' : 'SPL Token');

export async function createBasketMints(cast: Cast, say: Narrator): Promise<Basket> {
  say.step(STEPS.mints);
  const { ledger, deployer } = cast;
  const stable = await ledger.createMint(deployer, {
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    decimals: 6,
  });
  say.detail(`USDC   ${short(stable.address)} SPL Token, 6 decimals, valued at par`);
  const assets: BasketAsset[] = [];
  for (const s of STOCKS) {
    const mint = await ledger.createMint(deployer, {
      tokenProgram: s.tokenProgram,
      decimals: s.decimals,
      ...(s.multiplier === 1 ? {} : { scaledUiAmountMultiplier: s.multiplier }),
    });
    assets.push({
      symbol: s.symbol,
      mint,
      multiplier: s.multiplier,
      weightBps: s.weightBps,
      priceUsd1e8: s.priceUsd1e8,
    });
    const one = 10n ** BigInt(s.decimals);
    say.detail(
      `${s.symbol.padEnd(6)} ${short(mint.address)} ${programName(s.tokenProgram)}, ${s.decimals} decimals, multiplier ${s.multiplier}: ${await tokenAmountText(ledger, mint.address, one, s.symbol)}, weight ${s.weightBps / 100}%`,
    );
  }
  return { stable, assets };
}
