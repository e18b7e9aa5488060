import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@basket/service-kit';
import { restoreClock, saveClock } from './clock-state.ts';
import { rpcCall } from './rpc-call.ts';
import { resolveValidatorBinary } from './validator-binary.ts';

/** A validator this process started (or an external cluster it was pointed at). */
export type Localnet = Readonly<{
  rpcUrl: string;
  wsUrl: string;
  /** False for `SOLANA_RPC_URL`: nothing was started and the clock cheatcodes may be absent. */
  owned: boolean;
  /** The child's pid, when owned. */
  pid: number | undefined;
  /** SIGTERM, then SIGKILL after `deadlineMs`; resolves once the process has exited. */
  stop: (deadlineMs?: number) => Promise<void>;
}>;

export type StartLocalnetOptions = Readonly<{
  /** Ledger directory; a restart on the same directory keeps the state. */
  stateDir: string;
  /** 0 or absent: a free port. */
  rpcPort?: number;
  wsPort?: number;
  slotTimeMs?: number;
  /** The validator's stdout and stderr are appended here. */
  logFile?: string;
  readyTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}>;

const running = new Set<ChildProcess>();
// A test runner that exits without calling stop() must not leave a validator behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the local validator and resolves once it reports ready and answers `getHealth`.
 * With `SOLANA_RPC_URL` set (and `SOLANA_WS_URL`, or the RPC port + 1), starts nothing and
 * returns that cluster, for running the same code against devnet or another validator.
 *
 * @example
 * const net = await startLocalnet({ stateDir: '.localnet/ledger', rpcPort: 8899, wsPort: 8900 });
 * // ... use net.rpcUrl ...
 * await net.stop();
 */
export async function startLocalnet(options: StartLocalnetOptions): Promise<Localnet> {
  const env = options.env ?? process.env;
  if (env.SOLANA_RPC_URL) return external(env.SOLANA_RPC_URL, env.SOLANA_WS_URL);
  const rpcPort = options.rpcPort || (await freePort());
  let wsPort = options.wsPort || (await freePort());
  while (wsPort === rpcPort) wsPort = await freePort();
  const args = [
    '--rpc-port',
    String(rpcPort),
    '--ws-port',
    String(wsPort),
    '--state-dir',
    options.stateDir,
    '--slot-time-ms',
    String(options.slotTimeMs ?? slotTimeFromEnv(env)),
  ];
  const child = spawn(resolveValidatorBinary(env), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  exited.then(() => running.delete(child));
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    exited.then(() => log.end());
  } else {
    child.stderr?.resume();
  }
  const rpcUrl = `http://127.0.0.1:${rpcPort}`;
  const stop = async (deadlineMs = 10_000) => {
    // The clock is not part of the ledger: kept beside it so a restart continues from it.
    if (child.exitCode === null && child.signalCode === null)
      await saveClock(options.stateDir, rpcUrl).catch(() => {});
    await stopChild(child, exited, deadlineMs);
  };
  try {
    await waitForReady(child, exited, rpcUrl, options.readyTimeoutMs ?? 60_000);
    await restoreClock(options.stateDir, rpcUrl);
  } catch (error) {
    // Not `stop`: a clock not yet restored must not overwrite the saved one.
    await stopChild(child, exited, 10_000);
    throw error;
  }
  return { rpcUrl, wsUrl: `ws://127.0.0.1:${wsPort}`, owned: true, pid: child.pid, stop };
}

/**
 * The slot time when none is given: `LOCALNET_SLOT_TIME_MS` if set, else mainnet's 400 ms. A
 * shorter slot also shortens the programs' staleness windows (counted in slots) in wall time.
 */
function slotTimeFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.LOCALNET_SLOT_TIME_MS;
  if (raw === undefined || raw === '') return 400;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 10 || ms > 10_000) {
    throw new Error(`LOCALNET_SLOT_TIME_MS must be an integer from 10 to 10000 (ms), got "${raw}"`);
  }
  return ms;
}

function external(rpcUrl: string, wsUrl: string | undefined): Localnet {
  const u = new URL(rpcUrl);
  const ws =
    wsUrl ??
    `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.hostname}:${Number(u.port || (u.protocol === 'https:' ? 443 : 80)) + 1}`;
  return { rpcUrl, wsUrl: ws, owned: false, pid: undefined, stop: async () => {} };
}

async function waitForReady(
  child: ChildProcess,
  exited: Promise<number | null>,
  rpcUrl: string,
  timeoutMs: number,
): Promise<void> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const announced = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line.includes('"event":"ready"')) resolve();
    });
  });
  const died = exited.then((code) => {
    throw new Error(`the validator exited with code ${code} before it was ready`);
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the validator was not ready within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([announced, died, timeout]);
    await Promise.race([rpcCall<string>(rpcUrl, 'getHealth'), died, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  deadlineMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  if ((await Promise.race([exited, late])) === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}
