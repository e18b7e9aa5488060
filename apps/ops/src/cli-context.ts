/**
 * What every command needs from `--env`: the validated environment, a chain connection with
 * the environment's program ids (so failures decode to named program errors), and keys.
 */
import type { ProgramAddresses } from '@basket/sdk';
import { type Chain, connectChain } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { Option } from 'commander';
import { type EnvConfig, loadEnvConfig } from './env-config.ts';
import { OpsError } from './errors.ts';
import { signerFromReference } from './key-reference.ts';
import { OPS_PRIORITY_FEE_CAP_LAMPORTS } from './proposal-fee.ts';

/**
 * The RPC endpoints of a command, in failover order: `--rpc` when given (it replaces the
 * environment file's), else the file's `cluster.rpcUrl` then its `cluster.fallbackRpcUrls`.
 *
 * @example
 * rpcEndpointsOf(config, ['https://a.example', 'https://b.example']);
 */
export function rpcEndpointsOf(
  config: Pick<EnvConfig, 'cluster'>,
  override: readonly string[] | undefined,
): readonly string[] {
  if (override && override.length > 0) return override;
  return [config.cluster.rpcUrl, ...(config.cluster.fallbackRpcUrls ?? [])];
}

/** `--rpc` of this invocation (set by main.ts before any command runs). */
let rpcOverride: readonly string[] | undefined;

/**
 * @example
 * program.hook('preAction', () => setRpcOverride(program.opts().rpc));
 */
export function setRpcOverride(urls: readonly string[] | undefined): void {
  for (const u of urls ?? []) {
    if (!/^https?:\/\//.test(u))
      throw new OpsError('INVALID_CONFIG', `--rpc: ${u} is not an http(s) URL`);
  }
  rpcOverride = urls;
}

export type CliContext = Readonly<{
  config: EnvConfig;
  chain: Chain;
  programs: ProgramAddresses;
  feePayer: () => Promise<KeyPairSigner>;
  deployer: () => Promise<KeyPairSigner>;
}>;

/**
 * @example
 * const ctx = openContext('ops/environments/devnet.yaml');
 */
export function openContext(envPath: string): CliContext {
  const config = loadEnvConfig(envPath);
  const programs = config.programs as ProgramAddresses;
  // Every transaction the operator CLI lands carries the policy's priority fee, capped.
  const endpoints = rpcEndpointsOf(config, rpcOverride);
  // One endpoint: as before; several: the SDK's endpoint pool (health, failover, a rate limit
  // per endpoint) for reads and sends alike.
  const rpc = endpoints.length === 1 ? (endpoints[0] as string) : endpoints;
  const chain = connectChain(rpc, config.cluster.wsUrl, programs, {
    priorityFeeCapLamports: OPS_PRIORITY_FEE_CAP_LAMPORTS,
  });
  return {
    config,
    chain,
    programs,
    feePayer: () => signerFromReference(config.keys.feePayer, config.baseDir),
    deployer: () => signerFromReference(config.keys.deployer, config.baseDir),
  };
}

/** Progress and results go to stderr/stdout respectively; nothing secret is ever printed. */
export const say = (line: string) => process.stdout.write(`${line}\n`);
export const note = (line: string) => process.stderr.write(`${line}\n`);

/** A comma-separated option value as a list. */
export const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The `--env <file>` option every command takes. */
export const envOption = () =>
  new Option(
    '--env <file>',
    'environment file (ops/environments/<name>.yaml)',
  ).makeOptionMandatory();
