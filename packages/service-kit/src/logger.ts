import { type Logger, pino } from 'pino';

/** Field names whose values are secrets wherever they appear in a log line. */
export const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'password',
  'secret',
  'token',
  'privateKey',
  'secretKey',
  'keypair',
  'x-api-key',
  'X-API-Key',
  'databaseUrl',
  'webhookSecret',
] as const;

const CENSOR = '[redacted]';

/** `postgres://user:pass@host/db` → `postgres://user:[redacted]@host/db`; other text unchanged. */
export function redactUrl(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]+@/gi, `$1${CENSOR}@`);
}

type SerializedError = { type: string; message: string; stack?: string; [k: string]: unknown };

/**
 * pino's error serializer, or, where it throws (it tags each error it visits with a symbol,
 * which a frozen error such as Kit's SolanaError context refuses: "object is not
 * extensible"), a plain copy of the error and its causes, so the error that failed a job is
 * always logged rather than replaced by the logger's own.
 */
function serializeError(err: unknown, depth = 0): SerializedError {
  try {
    return pino.stdSerializers.err(err as Error) as SerializedError;
  } catch {
    if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
    const out: SerializedError = {
      type: err.constructor?.name ?? 'Error',
      message: err.message,
      ...(err.stack ? { stack: err.stack } : {}),
    };
    const context = (err as { context?: unknown }).context;
    if (context !== undefined) {
      try {
        out.context = JSON.parse(
          JSON.stringify(context, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
        );
      } catch {
        out.context = String(context);
      }
    }
    if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
    return out;
  }
}

/**
 * A JSON logger whose secret fields are censored at any depth up to three levels, and whose
 * messages have URL passwords removed. `secrets` are literal values (API keys, webhook
 * secrets) scrubbed from every string the logger writes, wherever they appear.
 *
 * @example
 * const log = createLogger({ name: 'indexer', secrets: [config.webhookSecret] });
 * log.info({ port }, 'listening');
 */
export function createLogger(options: {
  name: string;
  level?: string;
  secrets?: readonly (string | undefined)[];
  destination?: NodeJS.WritableStream;
}): Logger {
  const literal = (options.secrets ?? []).filter((s): s is string => !!s && s.length >= 4);
  const scrub = (s: string): string => {
    let out = redactUrl(s);
    for (const secret of literal) out = out.split(secret).join(CENSOR);
    return out;
  };
  const paths = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]).map((p) =>
    p.includes('-') ? p.replace(/([^.*]+-[^.]+)$/, '["$1"]') : p,
  );
  return pino(
    {
      name: options.name,
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths, censor: CENSOR },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        // Scrubs the message and string arguments; structured fields go through `redact`.
        logMethod(args, method) {
          const cleaned = args.map((a) => (typeof a === 'string' ? scrub(a) : a));
          return method.apply(this, cleaned as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (err: unknown) => {
          const e = serializeError(err);
          return {
            ...e,
            message: scrub(String(e.message)),
            stack: e.stack ? scrub(e.stack) : e.stack,
          };
        },
      },
    },
    options.destination as pino.DestinationStream | undefined,
  );
}

export type { Logger };
