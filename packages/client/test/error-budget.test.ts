import { type Emulator, type ErrorBlockRule, startEmulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminApiEvent,
  type AdminClient,
  ConfigurationError,
  createAdminClient,
  createErrorBudget,
  ErrorBudgetError,
  type ErrorBudgetOptions,
  GraphQLResponseError,
} from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';

// The service's hour rule scaled to a minute of the test's clock: above 25% from 41 requests.
const RULE: ErrorBlockRule = {
  errorRate: { above: 0.25 },
  windowMs: 60_000,
  minRequests: 41,
  blockMs: 60_000,
};
// The budget for that rule: 20% of the window, and at most 10 errors below 41 requests (10/41
// is under 25%), as the defaults are to the service's figures.
const BUDGET: ErrorBudgetOptions = {
  windowMs: 60_000,
  maxErrorRate: 0.2,
  freeErrors: 10,
  cooldownMs: 5_000,
};
const GOOD = '{ me { id } }';
// A loop's mistake: a delete of an id that does not exist (ARGUMENT_VALIDATION_ERROR).
const BAD = 'mutation DeleteMissing { deleteProductList(idList: ["no-such-product"]) }';
// A job fed bad ids: every request differs, so only the error rate can stop it.
const BAD_IDS = 'mutation DeleteIds($ids: [String!]!) { deleteProductList(idList: $ids) }';

const STEPS = 300;
let clock = Date.UTC(2026, 0, 1);
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    now: () => clock,
    rateLimit: false,
    tokenLifetimeS: 100 * 365 * 86_400,
    errorBlocks: { rules: [RULE] },
  });
});
afterAll(() => emulator.close());

function budgetedClient(errorBudget: ErrorBudgetOptions | false, events: AdminApiEvent[] = []) {
  return clientFor(emulator, {
    now: () => clock,
    monotonicNow: () => clock,
    errorBudget,
    retry: false,
    onEvent: (event) => events.push(event),
  });
}

interface LoopTally {
  good: number;
  goodFailed: unknown[];
  sent: number;
  refused: ErrorBudgetError[];
  failed: number;
}

/**
 * Two minutes of the test's clock in steps of 400 ms: a good query and a bad call each step, as
 * an app whose own code loops beside its normal traffic.
 */
async function loop(client: AdminClient, bad: (step: number) => Promise<unknown>) {
  emulator.reset();
  clock += 3_600_000;
  const tally: LoopTally = { good: 0, goodFailed: [], sent: 0, refused: [], failed: 0 };
  for (let step = 0; step < STEPS; step++) {
    clock += 400;
    await client.request(GOOD).then(
      () => tally.good++,
      (error: unknown) => tally.goodFailed.push(error),
    );
    const outcome = await rejection(bad(step));
    if (outcome instanceof ErrorBudgetError) tally.refused.push(outcome);
    else tally.failed++;
  }
  return tally;
}

describe('the error budget, against the emulator enforcing the block rule', () => {
  it('a loop on one invalid mutation beside normal calls is refused after 3 repeats per cooldown, and the app is never blocked', async () => {
    const events: AdminApiEvent[] = [];
    const client = budgetedClient(BUDGET, events);
    const tally = await loop(client, () => client.request(BAD));

    expect(emulator.stats.appBlocks).toEqual([]);
    expect(tally.goodFailed).toEqual([]);
    expect(tally.good).toBe(STEPS);
    // 3 failures, then cooldowns of 5, 10, 20 and 40 s, each ended by one more failure; the
    // next, 60 s (the window), outlasts the loop: 7 sent in 120 s instead of 300.
    expect(tally.failed).toBe(7);
    expect(tally.refused).toHaveLength(STEPS - 7);
    const [first] = tally.refused;
    expect(first).toMatchObject({
      code: 'ERROR_BUDGET_EXCEEDED',
      rule: 'repeated_failure',
      // Refused at the next step, 400 ms into the cooldown.
      retryAfterMs: 4_600,
      operationName: 'DeleteMissing',
      attempts: 0,
      mayHaveBeenApplied: false,
    });
    expect(first?.message).toContain('DeleteMissing was not sent');
    const refusals = events.filter((event) => event.type === 'error_budget_refused');
    expect(refusals).toHaveLength(tally.refused.length);
    expect(refusals[0]).toMatchObject({ rule: 'repeated_failure', operationName: 'DeleteMissing' });
  });

  it('a job fed a bad id each time is held to the error rate by refusing its failing operation, and the app is never blocked', async () => {
    const client = budgetedClient(BUDGET);
    const tally = await loop(client, (step) =>
      client.request(BAD_IDS, { ids: [`missing-${step}`] }),
    );

    expect(emulator.stats.appBlocks).toEqual([]);
    expect(tally.goodFailed).toEqual([]);
    expect(tally.good).toBe(STEPS);
    expect(tally.refused.length).toBeGreaterThan(0);
    expect(tally.refused.every((error) => error.rule === 'error_rate')).toBe(true);
    expect(tally.refused[0]?.retryAfterMs).toBeGreaterThan(0);
    // Every sent request is counted; errors stay within 20% of them, plus the free ones.
    const sent = STEPS + tally.failed;
    expect(tally.failed).toBeLessThanOrEqual(Math.max(0.2 * sent, 10) + 1);
    expect(tally.failed).toBeGreaterThan(0.15 * sent);
  });

  it('calls sent together cannot spend the same room: of 200 bad-id mutations at once, the free errors are sent and the rest refused, and 100 good calls at once all succeed', async () => {
    emulator.reset();
    clock += 3_600_000;
    const client = budgetedClient(BUDGET);
    const good = await Promise.all(Array.from({ length: 100 }, () => client.request(GOOD)));
    expect(good).toHaveLength(100);
    const bad = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        rejection(client.request(BAD_IDS, { ids: [`together-${i}`] })),
      ),
    );
    const refused = bad.filter((error) => error instanceof ErrorBudgetError);
    const failed = bad.filter((error) => error instanceof GraphQLResponseError);
    // 100 answered, 20% of the 100 + 20 that may fail: 25 fit, at most.
    expect(failed.length).toBeLessThanOrEqual(25);
    expect(failed.length).toBeGreaterThan(0);
    expect(refused).toHaveLength(200 - failed.length);
    expect(emulator.stats.appBlocks).toEqual([]);
    expect(refused.every((error) => error.rule === 'error_rate')).toBe(true);
  });

  it('the control: the same loops with errorBudget: false get the app blocked, good calls and all', async () => {
    for (const bad of [
      (client: AdminClient) => () => client.request(BAD),
      (client: AdminClient) => (step: number) =>
        client.request(BAD_IDS, { ids: [`missing-${step}`] }),
    ]) {
      const client = budgetedClient(false);
      const tally = await loop(client, bad(client));
      expect(emulator.stats.appBlocks.length).toBeGreaterThan(0);
      expect(tally.refused).toEqual([]);
      const blocked = tally.goodFailed.filter(
        (error) =>
          error instanceof GraphQLResponseError &&
          error.status === 403 &&
          error.errors[0]?.extensions?.code === 'APP_BLOCKED',
      );
      expect(blocked.length).toBeGreaterThan(0);
    }
  });

  it('a request that succeeds again is forgotten: its next failures start a new count', async () => {
    emulator.reset();
    const client = budgetedClient(BUDGET);
    const refusal = {
      status: 400,
      body: '{"errors":[{"message":"no","extensions":{"code":"ARGUMENT_VALIDATION_ERROR"}}]}',
      headers: { 'content-type': 'application/json' },
    };
    // Two failures, then a success, twice: four failures in all, and the last call still sent.
    for (let round = 0; round < 2; round++) {
      emulator.faults.graphql.push(refusal, refusal);
      for (let i = 0; i < 2; i++) {
        expect(await rejection(client.request(GOOD))).toBeInstanceOf(GraphQLResponseError);
      }
      await expect(client.request(GOOD)).resolves.toEqual({ me: expect.anything() });
    }
  });

  it('one budget shared by two clients of the app counts both', async () => {
    emulator.reset();
    const errorBudget = createErrorBudget({ ...BUDGET, monotonicNow: () => clock });
    const [first, second] = [0, 1].map(() =>
      clientFor(emulator, { monotonicNow: () => clock, errorBudget, retry: false }),
    ) as [AdminClient, AdminClient];
    for (const client of [first, second, first]) {
      expect(await rejection(client.request(BAD))).toBeInstanceOf(GraphQLResponseError);
    }
    // The third failure was the first client's second: the second client is refused now.
    expect(await rejection(second.request(BAD))).toBeInstanceOf(ErrorBudgetError);
  });

  it('refuses options it cannot use, naming them', () => {
    for (const [errorBudget, named] of [
      [{ maxErrorRate: 0.25 * 4 }, 'errorBudget.maxErrorRate'],
      [{ maxErrorRate: 0 }, 'errorBudget.maxErrorRate'],
      [{ windowMs: 10 }, 'errorBudget.windowMs'],
      [{ maxRepeats: 0 }, 'errorBudget.maxRepeats'],
      [{ freeErrors: -1 }, 'errorBudget.freeErrors'],
      [{ cooldownMs: Number.NaN }, 'errorBudget.cooldownMs'],
      ['on', 'errorBudget'],
    ] as const) {
      const attempt = () =>
        createAdminClient({
          baseUrl: emulator.baseUrl,
          authUrl: emulator.authUrl,
          clientId: 'app',
          clientSecret: 'secret',
          errorBudget: errorBudget as never,
        });
      expect(attempt).toThrow(ConfigurationError);
      expect(attempt).toThrow(`"${named}"`);
    }
  });
});
