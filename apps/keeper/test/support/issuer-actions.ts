// What the issuer and the admins do to the local world in the keeper's world suites, with their
// own keys: burn part of a vault holding (permanent delegate), freeze and thaw it, hand the
// permanent delegate to another key, move a multiplier, and approve a push beyond the oracle's
// deviation cap (3 of 5 admins).
import {
  getDelegateBurnInstruction,
  getFreezeInstruction,
  getUpdateMultiplierInstruction,
  type IssuedMint,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/issuer-mint';
import { getApproveDeviationInstructionFor } from '@basket/sdk';
import { loadWorldKeys, programAddressesOf, type TestWorld } from '@basket/world';
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';

/** Token-2022 `SetAuthority` and its `AuthorityType::PermanentDelegate` (spl-token-2022). */
const SET_AUTHORITY = 6;
const PERMANENT_DELEGATE_AUTHORITY = 8;

async function issuerKey(world: TestWorld): Promise<KeyPairSigner> {
  return (await loadWorldKeys(world.dir)).issuer as KeyPairSigner;
}

/** A world stock as the issuer acts on it. */
async function issued(world: TestWorld, mint: string): Promise<IssuedMint> {
  const stock = world.manifest.stocks.find((s) => s.mint === mint);
  if (!stock) throw new Error(`no stock with mint ${mint}`);
  return { address: mint as Address, decimals: stock.decimals, issuer: await issuerKey(world) };
}

async function asIssuer(
  world: TestWorld,
  what: string,
  build: (m: IssuedMint) => Instruction,
  mint: string,
) {
  const m = await issued(world, mint);
  await world.chain.landRaw(what, m.issuer, [build(m)]);
}

/** The permanent delegate burns `amount` raw from `holding`. */
export const burnFrom = (world: TestWorld, mint: string, holding: Address, amount: bigint) =>
  asIssuer(world, 'delegate burn', (m) => getDelegateBurnInstruction(m, holding, amount), mint);

/** The freeze authority freezes (or thaws) `holding`. */
export const setFrozen = (world: TestWorld, mint: string, holding: Address, frozen: boolean) =>
  asIssuer(
    world,
    frozen ? 'freeze' : 'thaw',
    (m) => getFreezeInstruction(m, holding, frozen),
    mint,
  );

/** The issuer hands the mint's permanent delegate to `delegate`. */
export const setPermanentDelegate = (world: TestWorld, mint: string, delegate: Address) =>
  asIssuer(
    world,
    'set permanent delegate',
    (m) => ({
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [
        { address: m.address, role: AccountRole.WRITABLE },
        { address: m.issuer.address, role: AccountRole.READONLY_SIGNER, signer: m.issuer } as never,
      ],
      data: Uint8Array.from([
        SET_AUTHORITY,
        PERMANENT_DELEGATE_AUTHORITY,
        1,
        ...getAddressEncoder().encode(delegate),
      ]),
    }),
    mint,
  );

/** The issuer sets the mint's multiplier to `multiplier` from `effectiveTimestamp` (unix s). */
export const setMultiplier = (
  world: TestWorld,
  mint: string,
  multiplier: number,
  effectiveTimestamp: bigint,
) =>
  asIssuer(
    world,
    'update multiplier',
    (m) =>
      getUpdateMultiplierInstruction({
        mint: m.address,
        authority: m.issuer,
        multiplier,
        effectiveTimestamp,
      }),
    mint,
  );

/** 3 of 5 admins let the next push of `skuId` move beyond the deviation cap. */
export async function approveDeviation(world: TestWorld, skuId: string): Promise<void> {
  const keys = await loadWorldKeys(world.dir);
  const approve = await getApproveDeviationInstructionFor(
    { sku: skuId, adminSigners: keys.admins.slice(0, 3) },
    programAddressesOf(world.manifest),
  );
  await world.chain.land(`approve_deviation ${skuId}`, keys.admins[0] as never, [approve]);
}
