import { parseArgs } from 'node:util';

export const HELP = `npm start: the local world

Brings up, on 127.0.0.1: the validator (surfpool, JSON-RPC and PubSub), Postgres, the programs
deployed through the loader and bootstrapped (mints, two SKUs, keys, first NAV), the
tokenized-asset API simulator, and every other service of the repository that exists
(aggregator simulator, webhook emitter, indexer, keeper, dapp), each a child process with its
log under <dir>/logs/. Prints the URLs, the demo wallets and a live status line. Ctrl-C stops
everything and keeps the state; the next start resumes it.

Options:
  --dir <path>        where the world lives (default .localnet)
  --reset             wipe <dir> first and bootstrap a new world
  --rpc-port <port>   JSON-RPC port (default 8899); PubSub is the next port unless --ws-port
  --ws-port <port>    PubSub port (default 8900)
  --pg-port <port>    Postgres port (default 54329; ignored when DATABASE_URL is set)
  --sim-port <port>   tokenized-asset API simulator port (default 7407)
  --chain-clock       the simulators follow the chain's clock (Clock sysvar) instead of this
                      machine's, so a world whose clock is moved (npm run trading-day -- --rpc,
                      npm run scenario -- --rpc) sees the market of its own time; the keepers
                      decide on the chain's clock either way
  --no-services       the chain, Postgres and the bootstrap only
  --once              bootstrap, print the summary and stop (for scripts and CI)
  -h, --help          this text

Environment: SOLANA_RPC_URL (+ SOLANA_WS_URL) uses a running cluster instead of starting a
validator; DATABASE_URL uses that Postgres; BASKET_LOCALNET_BIN picks the validator binary.
Services receive WORLD_MANIFEST, SOLANA_RPC_URL, SOLANA_WS_URL, DATABASE_URL and
TOKENIZED_API_URL. See docs/localnet.md.
`;

export type WorldOptions = Readonly<{
  help: boolean;
  dir: string;
  reset: boolean;
  rpcPort: number;
  wsPort: number;
  pgPort: number;
  simPort: number;
  services: boolean;
  once: boolean;
  /** The tokenized-asset API simulator follows the chain's clock (TOKENIZED_SIM_CHAIN_CLOCK). */
  chainClock: boolean;
}>;

function port(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65_535)
    throw new Error(`--${name}: ${JSON.stringify(raw)} is not a port number (1-65535)`);
  return n;
}

/** Parses the command line; a bad option throws an Error naming it. */
export function parseWorldOptions(argv: readonly string[]): WorldOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      help: { type: 'boolean', short: 'h' },
      dir: { type: 'string' },
      reset: { type: 'boolean' },
      'rpc-port': { type: 'string' },
      'ws-port': { type: 'string' },
      'pg-port': { type: 'string' },
      'sim-port': { type: 'string' },
      'no-services': { type: 'boolean' },
      'chain-clock': { type: 'boolean' },
      once: { type: 'boolean' },
    },
    strict: true,
  });
  const rpcPort = port('rpc-port', values['rpc-port'], 8899);
  return {
    help: values.help ?? false,
    dir: values.dir ?? '.localnet',
    reset: values.reset ?? false,
    rpcPort,
    wsPort: port('ws-port', values['ws-port'], rpcPort + 1),
    pgPort: port('pg-port', values['pg-port'], 54329),
    simPort: port('sim-port', values['sim-port'], 7407),
    services: !(values['no-services'] ?? false),
    once: values.once ?? false,
    chainClock: values['chain-clock'] ?? false,
  };
}
