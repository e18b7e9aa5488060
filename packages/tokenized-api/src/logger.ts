/** Structured fields attached to a log line; never holds the API key or headers. */
export type LogFields = Readonly<Record<string, string | number | boolean | null>>;

/** The logger the client writes to; any structured logger (pino, console) can be adapted. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * A logger that drops everything; the default.
 *
 * @example
 * ```ts
 * createTokenizedApiClient({ baseUrl, logger: noopLogger });
 * ```
 */
export const noopLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
