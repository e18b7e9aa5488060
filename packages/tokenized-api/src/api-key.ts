const REDACTED = '[REDACTED]';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');
/** Printable ASCII without spaces: what an HTTP header value can carry unmodified. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * An API key that cannot be printed by accident: `String()`, `JSON.stringify`, template
 * literals and Node's `util.inspect` all show `[REDACTED]`. Only `reveal()` returns the value,
 * and the client calls it in exactly one place (the `X-API-Key` header).
 *
 * @example
 * ```ts
 * const key = ApiKey.from(process.env.TOKENIZED_API_KEY ?? '');
 * console.log(`${key}`); // [REDACTED]
 * ```
 */
export class ApiKey {
  readonly #value: string;

  private constructor(value: string) {
    this.#value = value;
  }

  /**
   * Wraps a raw key; throws a `TypeError` (without echoing the value) if it is not
   * header-safe or is shorter than 8 characters.
   *
   * @example
   * ```ts
   * const key = ApiKey.from('k3y-from-vault-0001');
   * ```
   */
  static from(value: string): ApiKey {
    if (value.length < 8 || value.length > 512 || !HEADER_SAFE.test(value)) {
      throw new TypeError(
        'the API key must be 8 to 512 printable ASCII characters without spaces (value not shown)',
      );
    }
    return new ApiKey(value);
  }

  /**
   * The raw key. Call it only to build the request header.
   *
   * @example
   * ```ts
   * headers.set('X-API-Key', key.reveal());
   * ```
   */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [INSPECT](): string {
    return REDACTED;
  }
}
