import { describe, expect, it } from 'vitest';
import { createTokenRegistry } from '../src/token-registry.js';

describe('the token registry', () => {
  it('forgets expired tokens that are never sent again, however many it issues', () => {
    let now = 0;
    const registry = createTokenRegistry(() => now);
    for (let i = 0; i < 100_000; i++) {
      registry.issue('client', 10);
      now += 100;
    }
    // 100 tokens are alive at any time; the expired wait at most until the count doubles.
    expect(registry.size).toBeLessThanOrEqual(2_048);
    const alive = registry.issue('client', 10);
    expect(registry.check(alive)).toEqual({ ok: true, clientId: 'client' });
  });

  it('keeps every token that has not expired', () => {
    const registry = createTokenRegistry(() => 0);
    const tokens = Array.from({ length: 5_000 }, () => registry.issue('client', 3_600));
    expect(registry.size).toBe(5_000);
    expect(tokens.every((token) => registry.check(token).ok)).toBe(true);
  });
});
