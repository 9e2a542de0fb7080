import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AppBlock,
  type Emulator,
  EmulatorOptionError,
  type EmulatorOptions,
  type ErrorBlockRule,
  startEmulator,
} from '../src/index.js';
import { installApp } from '../src/testing.js';
import { graphql, token } from './helpers.js';

// The service's rules scaled down to the test clock: a 1 s window, 25%, from 8 requests.
const HOUR_RULE: ErrorBlockRule = {
  errorRate: { above: 0.25 },
  windowMs: 1_000,
  minRequests: 8,
  blockMs: 1_000,
};
const GOOD = '{ me { id } }';
// A loop's mistake: a delete of an id that does not exist (ARGUMENT_VALIDATION_ERROR).
const BAD = 'mutation { deleteProductList(idList: ["no-such-product"]) }';

let clock = Date.UTC(2026, 0, 1);
const blocksHeard: AppBlock[] = [];
const started: Emulator[] = [];
afterAll(() => Promise.all(started.map((emulator) => emulator.close())));

async function start(options: EmulatorOptions) {
  const emulator = await startEmulator({
    now: () => clock,
    rateLimit: false,
    // The clock moves by hours and years here: tokens must outlive it.
    tokenLifetimeS: 100 * 365 * 86_400,
    ...options,
  });
  started.push(emulator);
  return emulator;
}

/** Sends `query` `count` times, one after another; the statuses, in order. */
async function statuses(emulator: Emulator, accessToken: string, query: string, count = 1) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++)
    answers.push((await graphql(emulator, accessToken, query)).status);
  return answers;
}

/** An emulator with `rules` and a token of each app: the private one, and the public one on two stores. */
function useBlocks(rules: readonly ErrorBlockRule[], options: EmulatorOptions = {}) {
  const context = {} as { emulator: Emulator; private: string; acme: string; globex: string };
  beforeAll(async () => {
    context.emulator = await start({
      stores: ['acme', 'globex'],
      errorBlocks: { rules, onBlock: (block) => blocksHeard.push(block) },
      ...options,
    });
    context.acme = (await installApp(context.emulator, 'acme')).accessToken;
    context.globex = (await installApp(context.emulator, 'globex')).accessToken;
  });
  beforeEach(async () => {
    context.emulator.reset();
    blocksHeard.length = 0;
    clock += 3_600_000;
    context.private ??= await token(context.emulator);
  });
  const send = (accessToken: string, query: string, count = 1) =>
    statuses(context.emulator, accessToken, query, count);
  return { context, send };
}

describe('an error rate over the threshold', () => {
  const { context, send } = useBlocks([HOUR_RULE]);

  it('blocks the app with 403 APP_BLOCKED for exactly the block time, then serves it again', async () => {
    await send(context.private, GOOD, 5);
    expect(await send(context.private, BAD, 3)).toEqual([200, 200, 200]);
    const since = clock;
    const blocked = await graphql(context.emulator, context.private, GOOD);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({
      errors: [
        {
          message: `The app is blocked until ${new Date(since + 1_000).toISOString()} for its error rate (rule >25%:1s:8:1s)`,
          extensions: { code: 'APP_BLOCKED', rule: '>25%:1s:8:1s', blockedUntil: since + 1_000 },
        },
      ],
    });
    clock += 999;
    expect(await send(context.private, GOOD)).toEqual([403]);
    clock += 1;
    expect(await send(context.private, GOOD)).toEqual([200]);
  });

  it('is reported in the stats and to onBlock, with the requests answered with the block', async () => {
    const since = clock;
    await send(context.private, BAD, 8);
    await send(context.private, GOOD, 2);
    const block = {
      app: 'private',
      clientId: context.emulator.clientId,
      rule: '>25%:1s:8:1s',
      since,
      until: since + 1_000,
      requests: 8,
      errors: 8,
      refused: 2,
    };
    expect(context.emulator.stats.appBlocks).toEqual([block]);
    expect(context.emulator.stats.blockedRequests).toBe(2);
    expect(blocksHeard).toEqual([block]);
  });

  it('blocks the public app on every store it is installed on, and not the private app', async () => {
    await send(context.acme, BAD, 8);
    expect(await send(context.acme, GOOD)).toEqual([403]);
    expect(await send(context.globex, GOOD)).toEqual([403]);
    expect(await send(context.private, GOOD)).toEqual([200]);
    expect(context.emulator.stats.appBlocks).toMatchObject([{ app: 'public', requests: 8 }]);
  });

  it('still issues tokens to a blocked app, whose requests stay blocked', async () => {
    await send(context.private, BAD, 8);
    const fresh = await token(context.emulator);
    expect(fresh).toEqual(expect.any(String));
    expect(await send(fresh, GOOD)).toEqual([403]);
  });

  it('counts 429s as errors', async () => {
    const emulator = await start({
      rateLimit: { limit: 2, windowMs: 60_000 },
      errorBlocks: { rules: [HOUR_RULE] },
    });
    const accessToken = await token(emulator);
    expect(await statuses(emulator, accessToken, GOOD, 8)).toEqual([
      200,
      200,
      ...Array(6).fill(429),
    ]);
    expect(await statuses(emulator, accessToken, GOOD)).toEqual([403]);
  });

  it('counts queries refused over a query limit as errors', async () => {
    const emulator = await start({
      queryLimits: { maxAliases: 1 },
      errorBlocks: { rules: [HOUR_RULE] },
    });
    const accessToken = await token(emulator);
    const refused = '{ a: me { id } b: me { id } }';
    expect(await statuses(emulator, accessToken, refused, 8)).toEqual(Array(8).fill(400));
    expect(await statuses(emulator, accessToken, GOOD)).toEqual([403]);
  });
});

describe('an error rate at or under the threshold', () => {
  const { context, send } = useBlocks([HOUR_RULE]);

  it('never blocks: 25% exactly, window after window', async () => {
    for (let window = 0; window < 5; window++) {
      expect(await send(context.private, BAD, 2)).toEqual([200, 200]);
      expect(await send(context.private, GOOD, 6)).not.toContain(403);
      clock += 1_000;
    }
    expect(context.emulator.stats.appBlocks).toEqual([]);
  });

  it('never blocks below the minimum volume, whatever the share of errors', async () => {
    expect(await send(context.private, BAD, 7)).not.toContain(403);
    clock += 1_000;
    expect(await send(context.private, BAD, 7)).not.toContain(403);
    expect(context.emulator.stats.blockedRequests).toBe(0);
  });

  it('counts neither injected faults nor requests without a valid token', async () => {
    for (let i = 0; i < 8; i++) context.emulator.faults.graphql.push({ status: 503 });
    expect(await send(context.private, GOOD, 8)).toEqual(Array(8).fill(503));
    expect(await send('not-a-token', GOOD, 8)).toEqual(Array(8).fill(401));
    expect(await send(context.private, GOOD)).toEqual([200]);
  });
});

// The 60% rules, scaled: over 10 requests in 1 s blocks for 0.5 s; over 30 in 10 s, for 5 s.
const SHORT: ErrorBlockRule = {
  errorRate: { atLeast: 0.6 },
  windowMs: 1_000,
  minRequests: 11,
  blockMs: 500,
};
const LONG: ErrorBlockRule = {
  errorRate: { atLeast: 0.6 },
  windowMs: 10_000,
  minRequests: 31,
  blockMs: 5_000,
};

describe('the count rules', () => {
  const { context, send } = useBlocks([SHORT, LONG]);

  it('block at 60% errors once the window holds more than their count, not before', async () => {
    // 6 of 12 failed: over the count, under 60%.
    expect(await send(context.private, BAD, 6)).not.toContain(403);
    expect(await send(context.private, GOOD, 6)).not.toContain(403);
    clock += 1_000;
    // 10 of 10 failed: 100%, but not over 10 requests.
    expect(await send(context.private, BAD, 10)).not.toContain(403);
    const since = clock;
    // The 11th: 10 of 11 failed; blocked from the next request on, for 0.5 s.
    expect(await send(context.private, GOOD)).toEqual([200]);
    expect(await send(context.private, GOOD)).toEqual([403]);
    expect(context.emulator.stats.appBlocks).toMatchObject([
      { rule: '>=60%:1s:11:500ms', since, until: since + 500, requests: 11, errors: 10 },
    ]);
  });

  it('block for longer once a longer window holds more than its count', async () => {
    for (let second = 0; second < 3; second++) {
      expect(await send(context.private, BAD, 10)).not.toContain(403);
      clock += 1_000;
    }
    const since = clock;
    expect(await send(context.private, BAD)).toEqual([200]);
    expect(await send(context.private, GOOD)).toEqual([403]);
    expect(context.emulator.stats.appBlocks).toMatchObject([
      { rule: '>=60%:10s:31:5s', since, until: since + 5_000, requests: 31, errors: 31 },
    ]);
  });

  it('move an app that keeps sending into a block up to the longer one', async () => {
    expect(await send(context.private, BAD, 11)).not.toContain(403);
    // Blocked for 0.5 s; the 20 requests sent into it still count, and reach the long rule's 31.
    const answers = await send(context.private, BAD, 20);
    expect(answers).toEqual(Array(20).fill(403));
    expect(context.emulator.stats.appBlocks.map((block) => block.rule)).toEqual([
      '>=60%:1s:11:500ms',
      '>=60%:10s:31:5s',
    ]);
    clock += 500;
    expect(await send(context.private, GOOD)).toEqual([403]);
  });
});

describe('a permanent block', () => {
  const permanent: ErrorBlockRule = { ...SHORT, minRequests: 5, blockMs: 'permanent' };
  const { context, send } = useBlocks([permanent]);

  it('lasts until reset, with no blockedUntil', async () => {
    await send(context.private, BAD, 5);
    clock += 5 * 365 * 86_400_000;
    const response = await graphql(context.emulator, context.private, GOOD);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      errors: [
        {
          message: expect.stringContaining('blocked permanently'),
          extensions: { rule: '>=60%:1s:5:permanent', blockedUntil: null },
        },
      ],
    });
    expect(context.emulator.stats.appBlocks).toMatchObject([{ until: null }]);
    context.emulator.reset();
    expect(await send(await token(context.emulator), GOOD)).toEqual([200]);
  });
});

describe("the service's rules, the default", () => {
  it('block nothing of 300 failing requests in an hour, and block the 301st for an hour', async () => {
    const emulator = await start({});
    const accessToken = await token(emulator);
    expect(await statuses(emulator, accessToken, BAD, 300)).not.toContain(403);
    expect(emulator.stats.appBlocks).toEqual([]);
    const since = clock;
    await statuses(emulator, accessToken, BAD);
    expect(emulator.stats.appBlocks).toMatchObject([
      { rule: '>25%:1h:301:1h', since, until: since + 3_600_000, requests: 301, errors: 301 },
    ]);
    expect(await statuses(emulator, accessToken, GOOD)).toEqual([403]);
  }, 60_000);

  it('are off with errorBlocks: false', async () => {
    const emulator = await start({ errorBlocks: false });
    const accessToken = await token(emulator);
    expect(await statuses(emulator, accessToken, BAD, 302)).not.toContain(403);
    expect(emulator.stats.appBlocks).toEqual([]);
  }, 60_000);
});

describe('errorBlocks options', () => {
  it.each<[string, unknown, string]>([
    ['rules that are not an array', { rules: {} }, '"errorBlocks.rules" must be an array'],
    [
      'a rate of neither kind',
      { rules: [{ ...HOUR_RULE, errorRate: 0.25 }] },
      '"errorBlocks.rules[0].errorRate" must be',
    ],
    [
      'a rate above 100%',
      { rules: [{ ...HOUR_RULE, errorRate: { atLeast: 1.5 } }] },
      '"errorBlocks.rules[0].errorRate"',
    ],
    [
      'a window of 0',
      { rules: [{ ...HOUR_RULE, windowMs: 0 }] },
      '"errorBlocks.rules[0].windowMs" must be a positive integer',
    ],
    [
      'no minimum volume',
      { rules: [{ ...HOUR_RULE, minRequests: 0 }] },
      '"errorBlocks.rules[0].minRequests"',
    ],
    [
      'a block of forever',
      { rules: [{ ...HOUR_RULE, blockMs: 'forever' }] },
      '"errorBlocks.rules[0].blockMs"',
    ],
    [
      'a listener that is no function',
      { onBlock: 'print' },
      '"errorBlocks.onBlock" must be a function',
    ],
    ['true', true, '"errorBlocks" must be false or {'],
  ])('rejects %s with INVALID_OPTION', async (_, errorBlocks, message) => {
    const error = await startEmulator({ errorBlocks } as EmulatorOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorOptionError);
    expect((error as Error).message).toContain(message);
  });
});
