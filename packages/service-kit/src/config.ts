import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/** A configuration that failed validation: one line per bad field, in the order found. */
export class ConfigError extends Error {
  readonly lines: readonly string[];
  constructor(service: string, lines: readonly string[]) {
    super(`${service}: invalid configuration\n${lines.map((l) => `  - ${l}`).join('\n')}`);
    this.name = 'ConfigError';
    this.lines = lines;
  }
}

/**
 * Parses a service's configuration once, at start. `source` is the merged raw input (file
 * values overridden by the environment, already mapped to the schema's keys); each issue
 * becomes one line naming the field, so an operator fixes every bad field in one go.
 *
 * @example
 * const schema = z.object({ port: z.coerce.number().int().min(0).max(65535) });
 * const config = parseConfig('indexer', schema, { port: process.env.INDEXER_PORT });
 */
export function parseConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  source: unknown,
  names: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.join('.');
    const shown = names[key] ?? (key || '(root)');
    return `${shown}: ${issue.message}`;
  });
  throw new ConfigError(service, lines);
}

/**
 * Reads a secret given by reference: `file:/path` reads the file (trimmed), `env:NAME` reads
 * another variable, anything else is the value itself. Secrets never sit in config files.
 */
export function resolveSecret(
  reference: string | undefined,
  env = process.env,
): string | undefined {
  if (reference === undefined || reference === '') return undefined;
  if (reference.startsWith('env:')) return env[reference.slice(4)];
  if (reference.startsWith('file:')) {
    return readFileSync(reference.slice(5), 'utf8').trim();
  }
  return reference;
}
