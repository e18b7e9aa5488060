// Secrets given by reference (`env:NAME`, `file:/path`, or the value itself) for the keeper's
// configuration. A reference that resolves to nothing is a configuration error on the field's
// own line, never "no key".
import { resolveSecret } from '@basket/service-kit';

/** Bad secret references found while reading, one line each, reported with the schema's. */
export type SecretErrors = string[];

/**
 * Resolves `env:NAME` / `file:/path` (or takes a literal). A reference that resolves to nothing
 * (an unset variable, an unreadable or empty file) is an error naming `field`, never "no key":
 * a keeper silently without its API key or signer token fails later and far from the cause.
 * The line names the reference, never a value.
 */
export function secret(
  field: string,
  reference: string | undefined,
  env: NodeJS.ProcessEnv,
  errors: SecretErrors,
): string | undefined {
  if (reference === undefined || reference === '') return undefined;
  let value: string | undefined;
  try {
    value = resolveSecret(reference, env);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    errors.push(`${field}: ${reference} cannot be read (${code})`);
    return undefined;
  }
  if (value === undefined || value === '') {
    errors.push(
      reference.startsWith('env:')
        ? `${field}: ${reference} names a variable that is not set`
        : `${field}: ${reference} is empty`,
    );
  }
  return value;
}
