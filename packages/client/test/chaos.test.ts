import { inspect } from 'node:util';
import type { Fault, FaultTarget } from '@admin-api/emulator';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { GetMe, ListProducts, productInput, SaveProduct } from './documents.js';
import { createVirtualTime } from './virtual-time.js';

// 1,500 calls meet every fault kind dozens of times (the seed fixes which), three revocations and
// seven expiries: what the invariants need, at a size a loaded 2-core machine runs in well under
// its limit.
const CALLS = 1_500;
const CONCURRENCY = 50;
// Ample headroom for a busy CI machine: the test asserts counts, never durations.
const TIME_LIMIT_MS = 300_000;
// Token expiry follows a virtual clock shared by the emulator and the client: each call moves it
// 100 ms, every wait the client makes (backoff, Retry-After) moves it by the wait, and tokens are
// revoked every REVOKE_EVERY calls. So the run meets expiries and 401s however fast it runs.
const TOKEN_LIFETIME_S = 20;
const CALL_SPACING_MS = 100;
const REVOKE_EVERY = 500;
const time = createVirtualTime();
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { rateLimit: false, tokenLifetimeS: TOKEN_LIFETIME_S, now: time.now },
);

/** A seeded PRNG, so a failing run can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.CHAOS_SEED ?? 20261122);

function faultSource(next: () => number): (target: FaultTarget) => Fault | undefined {
  return (target) => {
    const roll = next();
    if (target === 'token') return roll < 0.05 ? { status: 503 } : undefined;
    if (roll < 0.03) return { status: 503, body: 'upstream unavailable' };
    if (roll < 0.05) return { drop: true };
    if (roll < 0.07) return { afterHandling: true, drop: true };
    if (roll < 0.09) return { afterHandling: true, status: 500 };
    if (roll < 0.1) return { delayMs: 1_500 };
    if (roll < 0.12) return { status: 429, headers: { 'retry-after': '0' } };
    if (roll < 0.13)
      return {
        status: 502,
        body: '<html>bad gateway</html>',
        headers: { 'content-type': 'text/html' },
      };
    return undefined;
  };
}

describe('chaos run', () => {
  it(
    `${CALLS} mixed calls at concurrency ${CONCURRENCY} under random faults lose nothing, duplicate nothing, leak nothing`,
    async () => {
      const emu = emulator();
      const next = random(SEED);
      emu.faults.random = faultSource(next);
      const tokensSeen = new Set<string>();
      const printed: unknown[] = [];
      const client = clientFor(emu, {
        // Generous for loopback: the emulator shares this process's event loop with 50 callers.
        timeoutMs: 1_000,
        retry: { baseDelayMs: 1, maxDelayMs: 5, defaultRetryAfterMs: 0 },
        // Every call must meet the faults: the error budget would refuse the failing ones.
        errorBudget: false,
        // Records every token put on the wire, to prove none reaches an error or a log line.
        fetch: (input, init) => {
          const authorization = new Headers(init?.headers).get('authorization');
          if (authorization) tokensSeen.add(authorization.replace(/^Bearer /, ''));
          return fetch(input, init);
        },
        onEvent: (event) => printed.push(event),
        now: time.now,
        monotonicNow: time.now,
        setTimer: time.setTimer,
      });

      const applied = new Set<string>();
      const maybe = new Set<string>();
      const refused = new Set<string>();
      let successes = 0;
      let failures = 0;
      let untyped = 0;
      let cursor = 0;
      const started = Date.now();
      const started0 = time.now();
      try {
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let i = cursor++; i < CALLS; i = cursor++) {
              time.advance(CALL_SPACING_MS);
              if (i % REVOKE_EVERY === REVOKE_EVERY - 1) emu.revokeTokens();
              const kind = i % 4;
              const name = `chaos-${i}`;
              try {
                if (kind === 0) {
                  await client.request(SaveProduct, productInput(name));
                  applied.add(name);
                } else if (kind === 1) {
                  await client.request(ListProducts, {
                    pagination: { page: 1 + (i % 3), limit: 20 },
                  });
                } else {
                  await client.request(GetMe);
                }
                successes++;
              } catch (error) {
                failures++;
                printed.push(error);
                if (!(error instanceof AdminApiError)) untyped++;
                if (kind === 0)
                  ((error as AdminApiError).mayHaveBeenApplied ? maybe : refused).add(name);
              }
            }
          }),
        );
      } finally {
        emu.faults.random = undefined;
      }
      const elapsedMs = Date.now() - started;

      expect(successes + failures).toBe(CALLS);
      expect(untyped).toBe(0);
      // The run met every kind of trouble it was meant to.
      expect(emu.stats.faultsInjected).toBeGreaterThan(CALLS * 0.1);
      expect(emu.stats.unauthorized).toBeGreaterThan(0);
      // Revocations were met as 401s (each invalidates the token once), and expiries as refreshes
      // with no 401 before them: revocations come every 50 s of virtual time, tokens live 20 s.
      const count = (type: string) =>
        printed.filter((p) => (p as { type?: unknown } | null)?.type === type).length;
      expect(time.now() - started0).toBeGreaterThanOrEqual(CALLS * CALL_SPACING_MS);
      expect(count('token_invalidated')).toBeGreaterThan(0);
      expect(count('token_acquired') - count('token_invalidated') - 1).toBeGreaterThan(0);

      const ledger = emu.stats.mutations.map(
        (m) => (m.args as { input: { name: string } }).input.name,
      );
      const inLedger = new Set(ledger);
      expect(ledger.length).toBe(inLedger.size); // no mutation applied twice
      for (const name of applied) expect(inLedger.has(name)).toBe(true); // reported applied: applied
      for (const name of refused) expect(inLedger.has(name)).toBe(false); // reported not applied: not applied
      for (const name of inLedger) expect(applied.has(name) || maybe.has(name)).toBe(true); // nothing applied silently
      expect(applied.size + maybe.size + refused.size).toBe(CALLS / 4);

      const text = printed
        .map((p) => `${inspect(p, { depth: 8 })}\n${JSON.stringify(p)}`)
        .join('\n');
      expect(text).not.toContain(emu.clientSecret);
      for (const token of tokensSeen) expect(text.includes(token)).toBe(false);
      expect(emu.stats.secretLeaks).toBe(0);

      const byCode = new Map<string, number>();
      for (const p of printed)
        if (p instanceof AdminApiError) byCode.set(p.code, (byCode.get(p.code) ?? 0) + 1);
      console.log(
        `chaos: ${CALLS} calls in ${elapsedMs} ms (seed ${SEED}); ${successes} ok, ${failures} typed errors; ` +
          `${emu.stats.faultsInjected} faults, ${emu.stats.unauthorized} 401s, ${emu.stats.tokensIssued} tokens; ` +
          `mutations: ${applied.size} applied, ${maybe.size} maybe (${[...maybe].filter((n) => inLedger.has(n)).length} were), ${refused.size} refused; ` +
          `errors: ${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')}`,
      );
    },
    TIME_LIMIT_MS,
  );
});
