// The issuer's powers over its mints, exercised on chain with the issuer's key: the
// ScaledUiAmount multiplier update (corporate actions), freeze and thaw of a holder, pause and
// resume of the mint (Pausable), burn and move of a holder's tokens (PermanentDelegate; a move
// of the hooked stock carries the hook's extra accounts). A mint without the extension a power
// needs is refused by name.
import {
  getDelegateBurnInstruction,
  getDelegateTransferInstruction,
  getPauseInstruction,
} from '@basket/issuer-mint';
import {
  findAssociatedTokenAddress,
  getCreateAssociatedTokenAccountInstructionFor,
  resolveTransferHookAccounts,
} from '@basket/sdk';
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

  /** The mint's state, or the power refused by name when the mint lacks its extension. */
  async function requireExtension(stock: WorldStock, power: keyof typeof EXTENSION_NEEDED) {
    const [label, type] = EXTENSION_NEEDED[power];
    const mint = await mintOf(stock);
    if (!mint.extensions.includes(type)) {
      throw new IssuerPowerUnavailableError(
        power,
        `the mint of ${stock.symbol} has no ${label} extension`,
      );
    }
    return mint;
  }

  const issued = (stock: WorldStock, mint: Awaited<ReturnType<typeof mintOf>>) => ({
    address: stock.mint as Address,
    decimals: mint.decimals,
    issuer: world.issuer,
  });

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
    /** Pauses (`true`) or resumes (`false`) every transfer, mint and burn of the stock. */
    async pause(stock: WorldStock, paused: boolean) {
      const mint = await requireExtension(stock, 'pause');
      return world.land(world.issuer, [getPauseInstruction(issued(stock, mint), paused)]);
    },
    /** The permanent delegate burns `amount` raw units from `owner`'s account. */
    async burn(stock: WorldStock, owner: string, amount: bigint) {
      const mint = await requireExtension(stock, 'burn');
      const from = await holderAccount(stock, owner);
      return world.land(world.issuer, [
        getDelegateBurnInstruction(issued(stock, mint), from, amount),
      ]);
    },
    /**
     * The permanent delegate moves `amount` raw units from `owner` to `to`'s account (created
     * when missing, rent from the issuer), with the hook's extra accounts when one is set.
     */
    async move(stock: WorldStock, owner: string, to: string, amount: bigint) {
      const mint = await requireExtension(stock, 'move');
      const from = await holderAccount(stock, owner);
      const create = await getCreateAssociatedTokenAccountInstructionFor({
        payer: world.issuer,
        owner: address(to),
        mint: stock.mint as Address,
        tokenProgram: stock.tokenProgram as Address,
      });
      const mintData = (await world.accountData(stock.mint as Address)) as Uint8Array;
      const hookAccounts = await resolveTransferHookAccounts(
        {
          mint: stock.mint as Address,
          mintData,
          source: from,
          destination: create.address,
          authority: world.issuer.address,
          amount,
        },
        world.accountData,
      );
      return world.land(world.issuer, [
        create.instruction,
        getDelegateTransferInstruction(issued(stock, mint), {
          from,
          to: create.address,
          amount,
          hookAccounts,
        }),
      ]);
    },
    mintOf,
    holderAccount,
  };
}
