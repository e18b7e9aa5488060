// The issuer's powers over its mints, exercised on chain with the issuer's key: the
// ScaledUiAmount multiplier update (corporate actions), freeze and thaw of a holder. Pause and
// the permanent delegate's burn and move need extensions; a mint without them is refused by
// name (the world's mints do not carry them yet).
import { findAssociatedTokenAddress } from '@basket/sdk';
import { AccountRole, type Address, address, type Instruction } from '@solana/kit';
import { getFreezeAccountInstruction, getThawAccountInstruction } from '@solana-program/token';
import { EXTENSION, parseMint } from './mint-state.ts';
import type { WorldChain, WorldStock } from './world-chain.ts';

/** A power the mint does not allow (a missing extension or authority). */
export class IssuerPowerUnavailableError extends Error {
  override readonly name = 'IssuerPowerUnavailableError';
  constructor(
    readonly power: string,
    readonly reason: string,
  ) {
    super(`${power}: ${reason}`);
  }
}

const EXTENSION_NEEDED = {
  pause: ['pausable', EXTENSION.pausable],
  burn: ['permanent delegate', EXTENSION.permanentDelegate],
  move: ['permanent delegate', EXTENSION.permanentDelegate],
} as const;

/**
 * Token-2022 `ScaledUiAmountExtension::UpdateMultiplier` (instruction 43/1): `multiplier`
 * applies from `effectiveTimestamp` (unix seconds). The on-chain format is an f64; the value
 * comes from the issuer's decimal (`Number('1.05')`), never from arithmetic on amounts.
 */
function updateMultiplierInstruction(input: {
  mint: Address;
  authority: WorldChain['issuer'];
  multiplier: number;
  effectiveTimestamp: bigint;
}): Instruction {
  const data = new Uint8Array(18);
  const view = new DataView(data.buffer);
  data.set([43, 1]);
  view.setFloat64(2, input.multiplier, true);
  view.setBigInt64(10, input.effectiveTimestamp, true);
  return {
    programAddress: address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
    accounts: [
      { address: input.mint, role: AccountRole.WRITABLE },
      {
        address: input.authority.address,
        role: AccountRole.READONLY_SIGNER,
        signer: input.authority,
      } as never,
    ],
    data,
  };
}

/**
 * The issuer's powers over the world's stocks.
 *
 * @example
 * const powers = issuerPowers(world);
 * await powers.freeze(stock, holder);
 */
export function issuerPowers(world: WorldChain) {
  const holderAccount = (stock: WorldStock, owner: string) =>
    findAssociatedTokenAddress({
      owner: address(owner),
      mint: stock.mint as Address,
      tokenProgram: stock.tokenProgram as Address,
    });

  async function mintOf(stock: WorldStock) {
    const data = await world.accountData(stock.mint as Address);
    if (data === null)
      throw new IssuerPowerUnavailableError('read mint', 'the mint does not exist');
    return parseMint(data);
  }

  return {
    /** Sets the multiplier that applies from `effectiveTimestamp` on (the pending change). */
    async updateMultiplier(stock: WorldStock, multiplier: string, effectiveTimestamp: bigint) {
      const mint = await mintOf(stock);
      if (mint.scaled === null) {
        throw new IssuerPowerUnavailableError(
          'update multiplier',
          'the mint has no ScaledUiAmount extension',
        );
      }
      return world.land(world.issuer, [
        updateMultiplierInstruction({
          mint: stock.mint as Address,
          authority: world.issuer,
          multiplier: Number(multiplier),
          effectiveTimestamp,
        }),
      ]);
    },
    async freeze(stock: WorldStock, owner: string) {
      const account = await holderAccount(stock, owner);
      return world.land(world.issuer, [
        getFreezeAccountInstruction(
          { account, mint: stock.mint as Address, owner: world.issuer },
          { programAddress: stock.tokenProgram as Address },
        ),
      ]);
    },
    async thaw(stock: WorldStock, owner: string) {
      const account = await holderAccount(stock, owner);
      return world.land(world.issuer, [
        getThawAccountInstruction(
          { account, mint: stock.mint as Address, owner: world.issuer },
          { programAddress: stock.tokenProgram as Address },
        ),
      ]);
    },
    /**
     * Pause, burn and move need an extension the mint may lack: refused by name when it does.
     * (Their instructions are not built here until a world mint carries the extensions.)
     */
    async requireExtension(stock: WorldStock, power: keyof typeof EXTENSION_NEEDED) {
      const [label, type] = EXTENSION_NEEDED[power];
      const mint = await mintOf(stock);
      if (!mint.extensions.includes(type)) {
        throw new IssuerPowerUnavailableError(
          power,
          `the mint of ${stock.symbol} has no ${label} extension`,
        );
      }
      throw new IssuerPowerUnavailableError(power, `the simulator does not exercise ${label} yet`);
    },
    mintOf,
    holderAccount,
  };
}
