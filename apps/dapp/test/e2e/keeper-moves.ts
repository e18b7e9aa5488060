// The keeper's side of a stablecoin withdrawal request, played by the browser suite with the
// world's keys and the SDK's builders: a rebalance leg that invests cash in a stock (the
// buffer becomes short), a leg that sells it back (the withdrawal-router raising cash), and
// `fulfil_withdrawal`. The market maker delivers each leg at the snapshot's value or better,
// so NAV per share does not fall between a request and its fulfilment.
import {
  fetchAddressLookupTables,
  findAssociatedTokenAddress,
  getCreateAssociatedTokenAccountInstructionFor,
  getFulfilWithdrawalInstructionFor,
  getNavQuote,
  getRebalanceSwapInstructionsFor,
  type ProgramAddresses,
  quoteRebalanceLeg,
  type RebalanceSide,
  readAccounts,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import { getTransferCheckedInstruction, type TokenProgram } from '@basket/test-harness';
import {
  getWithdrawalRequestDecoder,
  WITHDRAWAL_REQUEST_DISCRIMINATOR,
} from '@basket/vault-client';
import { programAddressesOf } from '@basket/world';
import { type Address, getBase58Decoder, getBase64Encoder } from '@solana/kit';
import type { BrowserWorld } from './browser-world.ts';

type Sku = BrowserWorld['world']['manifest']['skus'][number];

function skuOf(env: BrowserWorld, skuId: string): Sku {
  const sku = env.world.manifest.skus.find((s) => s.skuId === skuId);
  if (!sku) throw new Error(`no SKU ${skuId} in the world`);
  return sku;
}

async function readVault(env: BrowserWorld, sku: Sku, programs: ProgramAddresses) {
  const [v] = await readAccounts(
    env.world.chain.rpc,
    [vaultStateAccount(sku.vault as Address, programs)],
    { commitment: 'confirmed' },
  );
  if (!v?.exists) throw new Error(`vault ${sku.skuId} missing`);
  return { address: v.address, data: v.data } as VaultStateAccount;
}

/** The SKU's first asset whose stock moves with a plain TransferChecked (no transfer hook). */
export function plainAssetOf(env: BrowserWorld, skuId: string) {
  const sku = skuOf(env, skuId);
  for (const [index, asset] of sku.assets.entries()) {
    const stock = env.world.manifest.stocks.find((s) => s.mint === asset.mint);
    if (stock && stock.transferHookProgram === null) return { index, asset, stock };
  }
  throw new Error(`every asset of ${skuId} has a transfer hook`);
}

/**
 * One rebalance leg of `skuId` between the cash buffer and its plain asset, the market maker
 * delivering at least the value paid out. Returns the raw amount that arrived in the vault.
 */
export async function rebalance(
  env: BrowserWorld,
  skuId: string,
  direction: 'invest' | 'raise-cash',
  payAmountRaw: bigint,
): Promise<bigint> {
  const { world, keys } = env;
  const programs = programAddressesOf(world.manifest);
  const sku = skuOf(env, skuId);
  const { index, asset, stock } = plainAssetOf(env, skuId);
  const usdc = world.manifest.stablecoin;
  const pay: RebalanceSide = direction === 'invest' ? 'cash' : index;
  const receive: RebalanceSide = direction === 'invest' ? index : 'cash';
  const nav = await getNavQuote(world.chain.rpc, skuId, { programs, commitment: 'confirmed' });
  const q = quoteRebalanceLeg(
    nav,
    { pay, receive, payAmountRaw },
    { vaultProgram: programs.vault },
  );
  if (!q.ok) throw new Error(`the ${direction} leg would be refused: ${q.refusal.message}`);
  // At least the value paid out: the least accepted amount scaled up from its value (+1 raw).
  const deliver = (q.minReceiveRaw * q.valueOutUsd) / q.minValueInUsd + 1n;
  const payMint = direction === 'invest' ? usdc : stock;
  const vault = await readVault(env, sku, programs);
  // The vault pays into a token account of its registered trade authority (the world
  // registers the keeper's key).
  const tradeAccount = await getCreateAssociatedTokenAccountInstructionFor({
    payer: keys.keeper,
    owner: vault.data.tradeAuthority,
    mint: payMint.mint as Address,
    tokenProgram: payMint.tokenProgram as Address,
  });
  const makerSource = await findAssociatedTokenAddress({
    owner: keys.marketMaker.address,
    mint: (direction === 'invest' ? stock.mint : usdc.mint) as Address,
    tokenProgram: (direction === 'invest' ? stock.tokenProgram : usdc.tokenProgram) as Address,
  });
  const destination = (direction === 'invest' ? asset.holding : sku.cashBuffer) as Address;
  const before = await world.chain.tokenAmount(destination);
  const swap = await getRebalanceSwapInstructionsFor(
    {
      keeper: keys.keeper,
      vault,
      pay,
      receive,
      payAmountRaw,
      expectedAmountRaw: q.minReceiveRaw,
      tradeAccount: tradeAccount.address,
      route: [
        getTransferCheckedInstruction({
          source: makerSource,
          mint: (direction === 'invest' ? stock.mint : usdc.mint) as Address,
          destination,
          authority: keys.marketMaker,
          amount: deliver,
          decimals: direction === 'invest' ? stock.decimals : usdc.decimals,
          tokenProgram: (direction === 'invest'
            ? stock.tokenProgram
            : usdc.tokenProgram) as TokenProgram,
        }),
      ],
    },
    programs,
  );
  await world.chain.land(`keeper ${direction} ${skuId}`, keys.keeper, [tradeAccount, ...swap]);
  return (await world.chain.tokenAmount(destination)) - before;
}

/** The open withdrawal requests of `owner`, read as the keeper's router reads them. */
export async function openRequestsOf(env: BrowserWorld, owner: Address) {
  const programs = programAddressesOf(env.world.manifest);
  const accounts = await env.world.chain.rpc
    .getProgramAccounts(programs.vault, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        {
          memcmp: {
            offset: 0n,
            bytes: getBase58Decoder().decode(
              Uint8Array.of(WITHDRAWAL_REQUEST_DISCRIMINATOR),
            ) as never,
            encoding: 'base58',
          },
        },
        { memcmp: { offset: 40n, bytes: owner as never, encoding: 'base58' } },
      ],
    })
    .send();
  return accounts.map((a) => ({
    address: a.pubkey,
    ...getWithdrawalRequestDecoder().decode(getBase64Encoder().encode(a.account.data[0])),
  }));
}

/** `fulfil_withdrawal` by the keeper, after a NAV published later than the request. */
export async function fulfil(
  env: BrowserWorld,
  skuId: string,
  request: { owner: Address; nonce: bigint; requestedAt: bigint },
) {
  const { world, keys } = env;
  const programs = programAddressesOf(world.manifest);
  const sku = skuOf(env, skuId);
  // Forward pricing: the snapshot must be published after the request's second.
  await world.clock.waitForTimestamp(request.requestedAt + 1n, 15_000);
  await env.pushAll();
  const usdc = world.manifest.stablecoin;
  const ata = (owner: Address) =>
    findAssociatedTokenAddress({
      owner,
      mint: usdc.mint as Address,
      tokenProgram: usdc.tokenProgram as Address,
    });
  const ix = await getFulfilWithdrawalInstructionFor(
    {
      keeper: keys.keeper,
      vault: await readVault(env, sku, programs),
      owner: request.owner,
      nonce: request.nonce,
      destination: await ata(request.owner),
      treasuryStable: await ata(keys.treasury.address),
    },
    programs,
  );
  const tables = sku.lookupTable
    ? await fetchAddressLookupTables(world.chain.rpc, [sku.lookupTable as Address], {
        commitment: 'confirmed',
      })
    : undefined;
  return world.chain.land(`keeper fulfil_withdrawal ${skuId}`, keys.keeper, [ix], tables);
}
