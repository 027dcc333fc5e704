/**
 * Access tokens whose signature and claims have been checked, with what each stands for, so the next
 * requests of the same client skip the signature check (an RSA verification on every request was the
 * largest single cost of authentication). An entry lasts until the token expires or for `maxAgeMs`,
 * whichever comes first, so a signing key withdrawn from the key set stops working within that time,
 * as it does for the key set's own cache. Only tokens that passed are kept: refused ones cannot fill it.
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly limit = 5_000,
    private readonly maxAgeMs = 60_000,
  ) {}

  get(token: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAt` is the token's own expiry in milliseconds since the epoch. */
  remember(token: string, value: T, expiresAt: number, now = Date.now()): void {
    const until = Math.min(expiresAt, now + this.maxAgeMs);
    if (until <= now) return;
    this.entries.delete(token);
    // The oldest entries go first; a Map iterates in insertion order.
    while (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(token, { value, until });
  }

  get size(): number {
    return this.entries.size;
  }
}
