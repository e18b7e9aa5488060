// Everything a page reads from: the session the server sent, the RPC clients, the deployment's
// program addresses and the tokenized-asset API client (frontend cache profile: asset data for
// 60 s with in-flight deduplication, proof of reserves for 5 min). Reads and the wallet flow's
// sends go through the SDK's endpoint pool over the configured endpoints (health, failover,
// a rate limit per endpoint; decision 0932).
import { createPooledRpc, type ProgramAddresses } from '@basket/sdk';
import { createTokenizedApiClient, type TokenizedApiClient } from '@basket/tokenized-api';
import { type Address, createSolanaRpcSubscriptions } from '@solana/kit';
import { createContext, useContext } from 'react';
import type { Session } from '../../shared/public-config.ts';

export type Rpc = ReturnType<typeof createPooledRpc>['rpc'];
export type RpcSubscriptions = ReturnType<typeof createSolanaRpcSubscriptions>;

export type DappContext = Readonly<{
  session: Session;
  rpc: Rpc;
  rpcSubscriptions: RpcSubscriptions;
  programs: ProgramAddresses;
  api: TokenizedApiClient;
  symbolOf: (mint: string) => string;
}>;

export function createDappContext(session: Session, origin: string): DappContext {
  const c = session.config;
  const symbols = new Map(c.stocks.map((s) => [s.mint, s.symbol]));
  symbols.set(c.stablecoin.mint, 'USDC');
  symbols.set(c.stakingMint, 'BSKT');
  return {
    session,
    rpc: browserRpc(c),
    rpcSubscriptions: createSolanaRpcSubscriptions(c.wsUrl),
    programs: {
      oracle: c.programs.oracle as Address,
      vault: c.programs.vault as Address,
      rewards: c.programs.rewards as Address,
    },
    api: createTokenizedApiClient({
      baseUrl: `${origin}${c.tokenizedApiBase}`,
      cacheProfile: 'frontend',
      // The page is not the place to retry for long: two tries, then show what failed.
      retry: { maxAttempts: 2 },
    }),
    symbolOf: (mint) => symbols.get(mint) ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
  };
}

/**
 * The browser's RPC over the session's endpoints (a server that names only `rpcUrl` still
 * gets the pool's limit and breaker over that one).
 */
export function browserRpc(
  c: Pick<Session['config'], 'rpcUrl' | 'rpcUrls' | 'rpcEndpointPerSecond'>,
): Rpc {
  const urls = c.rpcUrls?.length ? c.rpcUrls : [c.rpcUrl];
  return createPooledRpc(urls, { perSecond: c.rpcEndpointPerSecond ?? 10 }).rpc;
}

export const Dapp = createContext<DappContext | null>(null);

export function useDapp(): DappContext {
  const value = useContext(Dapp);
  if (!value) throw new Error('useDapp outside the Dapp provider');
  return value;
}
