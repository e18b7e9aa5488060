// Child services of the world: one process each, output appended to its own log file, stopped
// with SIGTERM then SIGKILL after a deadline; a child that dies is reported with its log's tail.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ServiceSpec = Readonly<{
  name: string;
  /** Script run with tsx, relative to the repository root. */
  entry: string;
  args?: readonly string[];
  env: Readonly<Record<string, string>>;
  /** URL printed for people, when the service serves one. */
  url?: string;
  /** Its `/readyz`, polled for the status line. */
  readyUrl?: string;
}>;

export type RunningService = Readonly<{
  spec: ServiceSpec;
  logFile: string;
  alive: () => boolean;
  /** Sends `signal` to the process (the soak's SIGKILL); its exit is handled as any other. */
  kill: (signal: NodeJS.Signals) => void;
  stop: (deadlineMs: number) => Promise<void>;
}>;

/** The last `lines` lines of a log file. */
export function tailOf(file: string, lines = 20): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export function startService(
  root: string,
  logsDir: string,
  spec: ServiceSpec,
  onExit: (service: RunningService, code: number | null) => void,
): RunningService {
  mkdirSync(logsDir, { recursive: true });
  const logFile = join(logsDir, `${spec.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, spec.entry), ...(spec.args ?? [])],
    { cwd: root, env: { ...process.env, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const service: RunningService = {
    spec,
    logFile,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => {
      if (service.alive()) child.kill(signal);
    },
    stop: async (deadlineMs) => {
      stopping = true;
      if (!service.alive()) return;
      child.kill('SIGTERM');
      const late = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), deadlineMs).unref()),
      ]);
      if (late) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  exited.then((code) => {
    log.end();
    if (!stopping) onExit(service, code);
  });
  return service;
}
