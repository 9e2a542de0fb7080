import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DedupeClaim, WebhookDedupeStore } from '../../src/webhook-dedupe-store.js';

/** What the suite asks of one engine's store. */
export interface DedupeStoreHandleOptions {
  /** The store's clock, in epoch ms: the suite steps it instead of sleeping. */
  readonly now: () => number;
  /**
   * Keeps this store's ids apart from every other namespace's: a key prefix, a namespace column,
   * or another store object in memory. Handles with one namespace share their ids.
   */
  readonly namespace: string;
}

/** One engine's dedupe store under test. */
export interface DedupeStoreHarness {
  /**
   * A new, independent handle on the shared state, as another process of the app would have
   * (its own connection or pool); the suite opens several to race them.
   */
  connect(
    options: DedupeStoreHandleOptions,
  ): Promise<{ store: WebhookDedupeStore; close(): Promise<void> }>;
  close?(): Promise<void>;
}

const LEASE_MS = 30_000;
const KEEP_MS = 86_400_000;
/** Far from the machine's clock, so a store that reads the real time fails the suite. */
const START = Date.UTC(2031, 0, 1);

/** A clock the test moves by hand. */
export function steppedClock(start = START) {
  let at = start;
  return {
    now: () => at,
    step(ms: number) {
      at += ms;
    },
  };
}

const tokenOf = (claim: DedupeClaim): string => {
  if (claim.outcome !== 'claimed') throw new Error(`expected a claim, got ${claim.outcome}`);
  return claim.token;
};

/**
 * The behaviour every {@link WebhookDedupeStore} must have, run against one engine. Each engine's
 * package calls it with its harness; the engine's own tests add what only it can show (what it
 * keeps at rest, its cleanup, its connection).
 */
export function describeDedupeStore(name: string, makeHarness: () => Promise<DedupeStoreHarness>) {
  describe(`${name}: the WebhookDedupeStore contract`, () => {
    let harness: DedupeStoreHarness;
    let closers: (() => Promise<void>)[] = [];
    let sequence = 0;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      for (const close of closers.splice(0)) await close();
    });
    afterAll(async () => {
      for (const close of closers) await close();
      closers = [];
      await harness?.close?.();
    });

    /**
     * Three handles ("processes") on one fresh namespace, sharing one stepped clock; the third
     * connects only when `count` asks for it.
     */
    async function processes(count: 1 | 2 | 3 = 2, namespace = `suite-${++sequence}`) {
      const clock = steppedClock();
      const stores: WebhookDedupeStore[] = [];
      for (let i = 0; i < count; i++) {
        const { store, close } = await harness.connect({ now: clock.now, namespace });
        closers.push(close);
        stores.push(store);
      }
      const nth = (i: number): WebhookDedupeStore => {
        const store = stores[i];
        if (!store) throw new Error(`process ${i + 1} was not connected`);
        return store;
      };
      return {
        clock,
        get one() {
          return nth(0);
        },
        get two() {
          return nth(1);
        },
        get three() {
          return nth(2);
        },
      };
    }
    const idOf = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

    it('the first claim of an id holds it with a token; another claim while it is held finds it busy', async () => {
      const { one, two } = await processes(2);
      const id = idOf('first');
      const first = await one.claim(id, LEASE_MS);
      expect(first).toEqual({ outcome: 'claimed', token: expect.any(String) });
      expect(tokenOf(first).length).toBeGreaterThanOrEqual(16);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      expect(await one.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      const other = await two.claim(idOf('other'), LEASE_MS);
      expect(tokenOf(other)).not.toBe(tokenOf(first));
    });

    it('a completed id reads as done for keepMs, and can be claimed again once keepMs is over', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('complete');
      await one.complete(id, tokenOf(await one.claim(id, LEASE_MS)), KEEP_MS);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      expect(await one.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      clock.step(KEEP_MS - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      clock.step(1);
      expect(await two.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it('a lease lasts leaseMs and no longer: then the next claim takes the id with a new token', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('lease');
      const first = tokenOf(await one.claim(id, LEASE_MS));
      clock.step(LEASE_MS - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      clock.step(1);
      const second = tokenOf(await two.claim(id, 5_000));
      expect(second).not.toBe(first);
      // The new lease is counted from the new claim, in its own length.
      clock.step(4_999);
      expect(await one.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      clock.step(1);
      expect(await one.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it('a release by the holder makes the id claimable at once', async () => {
      const { one, two } = await processes(2);
      const id = idOf('release');
      await one.release(id, tokenOf(await one.claim(id, LEASE_MS)));
      const again = tokenOf(await two.claim(id, LEASE_MS));
      await two.release(id, again);
      expect(await one.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it("a release with another token, another id's token or of an unknown id does nothing", async () => {
      const { one, two } = await processes(2);
      const id = idOf('wrong-token');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      const otherId = idOf('other');
      const otherToken = tokenOf(await one.claim(otherId, LEASE_MS));
      await two.release(id, 'not-a-token');
      await two.release(id, '');
      await two.release(id, otherToken);
      await two.release(id, `${token}x`);
      await two.release(id, `${token}\u0000`);
      await two.release(id, '\ud800');
      await two.release(idOf('unknown'), token);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      expect(await two.claim(otherId, LEASE_MS)).toEqual({ outcome: 'busy' });
      // Nor does the holder's own token undo a completion.
      await one.complete(id, token, KEEP_MS);
      await one.release(id, token);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
    });

    it('a holder whose lease ran out has lost the id: its release does nothing, its complete still marks it done', async () => {
      const { clock, one: crashed, two: next, three: third } = await processes(3);
      const id = idOf('crashed');
      const old = tokenOf(await crashed.claim(id, LEASE_MS));
      clock.step(LEASE_MS);
      const current = tokenOf(await next.claim(id, LEASE_MS));
      expect(current).not.toBe(old);
      await crashed.release(id, old);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      // The old holder's event reached onEvent after all: every later delivery is a duplicate.
      await crashed.complete(id, old, KEEP_MS);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      await next.release(id, current);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      await next.complete(id, current, KEEP_MS);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
    });

    it('a complete with a shorter keepMs does not shorten what an earlier one keeps', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('keep-longest');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      await one.complete(id, token, KEEP_MS);
      await two.complete(id, token, 1_000);
      clock.step(KEEP_MS - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
    });

    it('an extend by the holder moves its lease: others find the id busy past the old deadline, until the new one', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('extend');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      clock.step(LEASE_MS - 1_000);
      expect(await one.extend(id, token, LEASE_MS)).toBe(true);
      clock.step(1_000);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      // The new deadline is leaseMs from the extend.
      clock.step(LEASE_MS - 1_000 - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      expect(await one.extend(id, token, LEASE_MS)).toBe(true);
      clock.step(LEASE_MS - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      clock.step(1);
      const next = tokenOf(await two.claim(id, LEASE_MS));
      expect(next).not.toBe(token);
      expect(await one.extend(id, token, LEASE_MS)).toBe(false);
    });

    it('an extend counts leaseMs from now, so a shorter one brings the deadline closer', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('extend-shorter');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      expect(await one.extend(id, token, 5_000)).toBe(true);
      clock.step(4_999);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      clock.step(1);
      expect(await two.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it("an extend with another token, another id's token or of an unknown id answers false and changes nothing", async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('extend-wrong');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      const otherId = idOf('other');
      const otherToken = tokenOf(await one.claim(otherId, LEASE_MS));
      for (const wrong of [
        'not-a-token',
        '',
        otherToken,
        `${token}x`,
        `${token}\u0000`,
        '\ud800',
      ]) {
        expect(await two.extend(id, wrong, 10 * LEASE_MS)).toBe(false);
      }
      expect(await one.extend(otherId, otherToken, LEASE_MS)).toBe(true);
      const unknown = idOf('unknown');
      expect(await two.extend(unknown, token, LEASE_MS)).toBe(false);
      expect(await two.claim(unknown, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
      // The lease still runs out when it did.
      clock.step(LEASE_MS);
      const next = tokenOf(await two.claim(id, LEASE_MS));
      expect(next).not.toBe(token);
    });

    it('an extend after complete answers false and the id stays done for keepMs', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('extend-done');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      await one.complete(id, token, KEEP_MS);
      expect(await one.extend(id, token, LEASE_MS)).toBe(false);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      clock.step(KEEP_MS - 1);
      expect(await one.extend(id, token, 2 * KEEP_MS)).toBe(false);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
      clock.step(1);
      expect(await two.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it('an extend after release answers false, and the next claim takes the id', async () => {
      const { one, two } = await processes(2);
      const id = idOf('extend-released');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      await one.release(id, token);
      expect(await one.extend(id, token, LEASE_MS)).toBe(false);
      expect(await two.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it('an extend after the lease ran out and another claimed answers false; the new holder keeps the id', async () => {
      const { clock, one: late, two: next, three: third } = await processes(3);
      const id = idOf('extend-taken');
      const old = tokenOf(await late.claim(id, LEASE_MS));
      clock.step(LEASE_MS);
      const current = tokenOf(await next.claim(id, 5_000));
      expect(await late.extend(id, old, LEASE_MS)).toBe(false);
      // The new holder's lease is as it claimed it: 5 s, not moved by the old token.
      clock.step(4_999);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      expect(await next.extend(id, current, LEASE_MS)).toBe(true);
      expect(await late.extend(id, old, LEASE_MS)).toBe(false);
      clock.step(LEASE_MS - 1);
      expect(await third.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      await next.release(id, current);
      expect(await third.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });

    it('a lease that ran out, while no other claim took it, is still its holder’s to extend', async () => {
      const { clock, one, two } = await processes(2);
      const id = idOf('extend-overdue');
      const token = tokenOf(await one.claim(id, LEASE_MS));
      clock.step(LEASE_MS + 1_000);
      expect(await one.extend(id, token, LEASE_MS)).toBe(true);
      clock.step(LEASE_MS - 1);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      await one.complete(id, token, KEEP_MS);
      expect(await two.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
    });

    it('an extend and a claim racing at the deadline: either the extend holds the id or the claim takes it, never both', async () => {
      const { clock, one, two, three } = await processes(3);
      const ids = Array.from({ length: 20 }, (_, i) => idOf(`extend-race-${i}`));
      const tokens: string[] = [];
      for (const id of ids) tokens.push(tokenOf(await one.claim(id, LEASE_MS)));
      clock.step(LEASE_MS);
      // Each pair in one of four ways: either process extends (the other claims), either call
      // goes first.
      const roles = (i: number): [WebhookDedupeStore, WebhookDedupeStore] =>
        i % 2 === 0 ? [one, two] : [two, one];
      const raced = await Promise.all(
        ids.map(async (id, i) => {
          const token = tokens[i] ?? '';
          const [extender, claimer] = roles(i);
          if (i % 4 < 2) {
            const [extended, claim] = await Promise.all([
              extender.extend(id, token, LEASE_MS),
              claimer.claim(id, LEASE_MS),
            ]);
            return { extended, claim };
          }
          const [claim, extended] = await Promise.all([
            claimer.claim(id, LEASE_MS),
            extender.extend(id, token, LEASE_MS),
          ]);
          return { extended, claim };
        }),
      );
      for (const [i, { extended, claim }] of raced.entries()) {
        const id = ids[i] ?? '';
        const token = tokens[i] ?? '';
        const [extender, claimer] = roles(i);
        expect(claim.outcome).toBe(extended ? 'busy' : 'claimed');
        expect(await three.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
        // Whoever won holds it; the other's token does nothing.
        if (extended) {
          expect(await extender.extend(id, token, LEASE_MS)).toBe(true);
        } else {
          expect(await extender.extend(id, token, LEASE_MS)).toBe(false);
          await extender.release(id, token);
          expect(await claimer.extend(id, tokenOf(claim), LEASE_MS)).toBe(true);
        }
        expect(await three.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      }
    });

    it('of 50 claims of one id at once, from three processes, exactly one holds it', async () => {
      const { one, two, three } = await processes(3);
      const all = [one, two, three];
      const id = idOf('race');
      const race = () =>
        Promise.all(Array.from({ length: 50 }, (_, i) => all[i % 3]?.claim(id, LEASE_MS)));
      const claims = await race();
      const won = claims.filter((claim) => claim?.outcome === 'claimed');
      expect(won).toHaveLength(1);
      expect(claims.filter((claim) => claim?.outcome === 'busy')).toHaveLength(49);
      await one.complete(id, won[0] ? tokenOf(won[0]) : '', KEEP_MS);
      expect((await race()).map((claim) => claim?.outcome)).toEqual(Array(50).fill('done'));
    });

    it('of 50 claims at once of a lease that ran out, exactly one takes it over', async () => {
      const { clock, one, two, three } = await processes(3);
      const all = [one, two, three];
      const id = idOf('race-expired');
      const old = tokenOf(await one.claim(id, LEASE_MS));
      clock.step(LEASE_MS);
      const claims = await Promise.all(
        Array.from({ length: 50 }, (_, i) => all[i % 3]?.claim(id, LEASE_MS)),
      );
      const won = claims.filter((claim) => claim?.outcome === 'claimed');
      expect(won).toHaveLength(1);
      expect(won[0] && tokenOf(won[0])).not.toBe(old);
    });

    it('every claim gets its own token', async () => {
      const { one } = await processes(1);
      const tokens = new Set<string>();
      for (let i = 0; i < 100; i++) tokens.add(tokenOf(await one.claim(idOf(`t${i}`), LEASE_MS)));
      expect(tokens.size).toBe(100);
    });

    it('ids with unusual characters are ids of their own', async () => {
      const { one, two } = await processes(2);
      const ids = [
        'a:b',
        'a',
        'a:',
        ':a',
        'A:B',
        'a%3Ab',
        'a%253Ab',
        '%',
        '%25',
        '{a}:b',
        'a b',
        'a\nb',
        'a\u0001b',
        'é',
        'e\u0301',
        '😀',
        '\ud83d\ude01',
        'Ş',
        'x'.repeat(255),
        'x'.repeat(256),
        `${'x'.repeat(255)}y`,
        '*',
        '?',
        '[a]',
        "'; DROP TABLE x; --",
      ];
      expect(new Set(ids).size).toBe(ids.length);
      const tokens: string[] = [];
      for (const id of ids) tokens.push(tokenOf(await one.claim(id, LEASE_MS)));
      // Each release frees only its own id.
      for (let i = 1; i < ids.length; i += 2) await two.release(ids[i] ?? '', tokens[i] ?? '');
      await two.complete(ids[0] ?? '', tokens[0] ?? '', KEEP_MS);
      const outcomes = [];
      for (const id of ids) outcomes.push((await two.claim(id, LEASE_MS)).outcome);
      expect(outcomes).toEqual(
        ids.map((_, i) => (i === 0 ? 'done' : i % 2 === 1 ? 'claimed' : 'busy')),
      );
    });

    it('stores of different namespaces do not see each other’s ids', async () => {
      const { one } = await processes(1, `ns-one-${++sequence}`);
      const { one: other } = await processes(1, `ns-two-${++sequence}`);
      const id = idOf('shared');
      const mine = tokenOf(await one.claim(id, LEASE_MS));
      const theirs = tokenOf(await other.claim(id, LEASE_MS));
      await one.complete(id, mine, KEEP_MS);
      expect(await other.claim(id, LEASE_MS)).toEqual({ outcome: 'busy' });
      await other.release(id, theirs);
      expect(await other.claim(id, LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
      expect(await one.claim(id, LEASE_MS)).toEqual({ outcome: 'done' });
    });

    it('refuses an id that is empty, over 256 characters, not well-formed UTF-16 or holding U+0000, a token that is no string, and a lease or keep that is no duration', async () => {
      const { one } = await processes(1);
      const refused = [
        '',
        'x'.repeat(257),
        'a\ud800',
        '\udc00b',
        'a\u0000b',
        42 as unknown as string,
      ];
      for (const id of refused) {
        await expect(one.claim(id, LEASE_MS)).rejects.toBeInstanceOf(TypeError);
        await expect(one.complete(id, 'token', KEEP_MS)).rejects.toBeInstanceOf(TypeError);
        await expect(one.release(id, 'token')).rejects.toBeInstanceOf(TypeError);
        await expect(one.extend(id, 'token', LEASE_MS)).rejects.toBeInstanceOf(TypeError);
      }
      for (const ms of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(one.claim('fine', ms)).rejects.toBeInstanceOf(ConfigurationError);
        await expect(one.complete('fine', 'token', ms)).rejects.toMatchObject({
          code: 'INVALID_OPTION',
        });
        await expect(one.extend('fine', 'token', ms)).rejects.toMatchObject({
          code: 'INVALID_OPTION',
        });
      }
      for (const token of [undefined, 42, null] as unknown as string[]) {
        await expect(one.complete('fine', token, KEEP_MS)).rejects.toBeInstanceOf(TypeError);
        await expect(one.release('fine', token)).rejects.toBeInstanceOf(TypeError);
        await expect(one.extend('fine', token, LEASE_MS)).rejects.toBeInstanceOf(TypeError);
      }
      // Nothing was stored by the refused calls.
      expect(await one.claim('fine', LEASE_MS)).toEqual({
        outcome: 'claimed',
        token: expect.any(String),
      });
    });
  });
}
