// The local world as the simulator meets it: the manifest (mints, keys' paths), the issuer's
// and the market maker's keys (read from their files, never logged) and the cluster's RPC.
import { readFileSync } from 'node:fs';
import { readWorldManifest, type WorldManifest } from '@basket/localnet';
import { createSendAndConfirm } from '@basket/sdk';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';

/** Where the world is: the manifest's path and, optionally, endpoints overriding its own. */
export type WorldChainConfig = Readonly<{
  manifestPath: string;
  rpcUrl: string | null;
  wsUrl: string | null;
}>;

/** A stock of the world, by the simulator's symbol. */
export type WorldStock = WorldManifest['stocks'][number];

export type WorldChain = Awaited<ReturnType<typeof connectWorldChain>>;

const CLOCK_SYSVAR = address('SysvarC1ock11111111111111111111111111111111');

async function readSigner(path: string): Promise<KeyPairSigner> {
  const bytes = Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[]);
  if (bytes.length !== 64) throw new Error(`${path}: a keypair file holds 64 bytes`);
  return createKeyPairSignerFromBytes(bytes);
}

/**
 * Connects to the world named by `config`: reads its manifest and the two keys the simulator
 * acts with (the market maker signs RFQ fills, the issuer holds the mints' authorities).
 *
 * @example
 * const world = await connectWorldChain({ manifestPath: '.localnet/world.json', rpcUrl: null, wsUrl: null });
 */
export async function connectWorldChain(config: WorldChainConfig) {
  const manifest = readWorldManifest(config.manifestPath);
  const rpcUrl = config.rpcUrl ?? manifest.rpcUrl;
  const wsUrl = config.wsUrl ?? manifest.wsUrl;
  const rpc = createSolanaRpc(rpcUrl);
  const rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
  const sendAndConfirm = createSendAndConfirm({ rpc, rpcSubscriptions });
  const marketMaker = await readSigner(manifest.keys.marketMaker);
  const issuer = await readSigner(manifest.keys.issuer);
  // Wallets the world funded may trade: the demo wallets, the trade-authority key (every
  // vault's trade wallet: the keeper's RFQ legs) and the rewards distributor (the keeper's
  // reward purchases); the vaults' keeper key never trades (one key per role, decision 0900).
  const tradingWallets = await Promise.all(
    [...manifest.keys.demoWallets, manifest.keys.tradeAuthority, manifest.keys.distributor].map(
      async (path) => (await readSigner(path)).address as string,
    ),
  );

  const stock = (symbol: string): WorldStock | undefined =>
    manifest.stocks.find((s) => s.symbol === symbol);

  /** The cluster's unix time (Clock sysvar): what ScaledUiAmount compares its timestamp with. */
  async function chainUnixSeconds(): Promise<bigint> {
    const { value } = await rpc
      .getAccountInfo(CLOCK_SYSVAR, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) throw new Error('the cluster has no Clock sysvar');
    const data = Buffer.from(value.data[0], 'base64');
    return data.readBigInt64LE(32);
  }

  /** Raw bytes of an account (null when it does not exist). */
  async function accountData(account: Address): Promise<Uint8Array | null> {
    const { value } = await rpc
      .getAccountInfo(account, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value === null ? null : Uint8Array.from(Buffer.from(value.data[0], 'base64'));
  }

  /** Lands `instructions` signed by `signer` (its fee payer), waiting for confirmation. */
  async function land(signer: KeyPairSigner, instructions: readonly Instruction[]) {
    const result = await sendAndConfirm((lifetime) =>
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    );
    return result.signature;
  }

  return {
    manifest,
    rpc,
    marketMaker,
    issuer,
    tradingWallets,
    stock,
    chainUnixSeconds,
    accountData,
    land,
  };
}
