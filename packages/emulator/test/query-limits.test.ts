import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY_LIMITS,
  EmulatorOptionError,
  type EmulatorOptions,
  QUERY_TOO_COMPLEX,
  startEmulator,
} from '../src/index.js';
import { graphql, token, useAdminApi } from './helpers.js';

interface Refusal {
  message: string;
  extensions: { code: string; limit: string; max: number; actual: number };
}

/** Status and body of `query`, sent to the emulator of `api`. */
async function send(api: ReturnType<typeof useAdminApi>, query: string) {
  const emulator = api.emulator();
  const response = await graphql(emulator, await token(emulator), query);
  return { status: response.status, body: (await response.json()) as { errors?: Refusal[] } };
}

const aliases = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
/** A query of `n` tokens (6 or more): `{ me { id __typename … } }`. */
const tokens = (n: number) => `{ me { id${' __typename'.repeat(n - 6)} } }`;

describe('query limits, each at its maximum and one over it', () => {
  const api = useAdminApi({
    queryLimits: { maxDepth: 3, maxAliases: 3, maxListSize: 60, maxTokens: 40 },
  });

  it.each([
    ['depth', '{ listCategory { parentId categoryPathItems { id } } }', 'depth', 3],
    ['aliases', aliases(3), 'aliases', 3],
    ['list size', '{ listProduct(pagination: { limit: 60 }) { data { id } } }', 'listSize', 60],
    ['tokens', tokens(40), 'tokens', 40],
  ])('%s: a query at the maximum is answered', async (_, query) => {
    const { status, body } = await send(api, query);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
  });

  it.each([
    [
      'depth',
      '{ listProduct(pagination: { limit: 5 }) { data { variants { id } } } }',
      'depth',
      3,
      4,
    ],
    ['aliases', aliases(4), 'aliases', 3, 4],
    ['list size', '{ listProduct(pagination: { limit: 61 }) { data { id } } }', 'listSize', 60, 61],
    ['tokens', tokens(41), 'tokens', 40, 41],
  ])(
    '%s: one over it is answered 400 QUERY_TOO_COMPLEX naming the limit',
    async (_, query, limit, max, actual) => {
      const { status, body } = await send(api, query);
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: expect.stringContaining(`the most is ${max} (${limit})`),
          extensions: { code: QUERY_TOO_COMPLEX, limit, max, actual },
        },
      ]);
      expect(api.emulator().stats.queriesRefused).toBe(1);
      // Refused before it ran: nothing was mocked, nothing applied.
      expect(api.emulator().stats.mutations).toHaveLength(0);
    },
  );

  it('checks a GET request as it checks a POST', async () => {
    const emulator = api.emulator();
    const query = encodeURIComponent(aliases(4));
    const response = await fetch(`${emulator.baseUrl}/api/v2/admin/graphql?query=${query}`, {
      headers: { authorization: `Bearer ${await token(emulator)}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { limit: 'aliases' } }] });
  });

  it('reads page sizes from the variables the query is sent with', async () => {
    const emulator = api.emulator();
    const query = 'query($p: PaginationInput) { listProduct(pagination: $p) { data { id } } }';
    const at = await graphql(emulator, await token(emulator), query, { p: { limit: 60 } });
    expect(at.status).toBe(200);
    const over = await graphql(emulator, await token(emulator), query, { p: { limit: 61 } });
    expect(await over.json()).toMatchObject({ errors: [{ extensions: { limit: 'listSize' } }] });
  });
});

describe('the answer-size limit', () => {
  const QUERY = '{ me { id name scopes } }';

  async function answerOf(options: EmulatorOptions) {
    const emulator = await startEmulator({ rateLimit: false, ...options });
    try {
      const response = await graphql(emulator, await token(emulator), QUERY);
      return { status: response.status, text: await response.text(), stats: emulator.stats };
    } finally {
      await emulator.close();
    }
  }

  it('sends an answer of exactly the maximum, and refuses one byte less of room', async () => {
    const { text } = await answerOf({});
    const size = Buffer.byteLength(text);
    const at = await answerOf({ queryLimits: { maxResponseBytes: size } });
    expect(at).toMatchObject({ status: 200, text });
    const under = await answerOf({ queryLimits: { maxResponseBytes: size - 1 } });
    expect(under.status).toBe(400);
    expect(JSON.parse(under.text)).toEqual({
      errors: [
        {
          message: expect.stringContaining(`at least ${size} bytes`),
          extensions: {
            code: QUERY_TOO_COMPLEX,
            limit: 'responseBytes',
            max: size - 1,
            actual: size,
          },
        },
      ],
    });
    expect(under.stats.queriesRefused).toBe(1);
  });

  it('stops building once the answer cannot fit: the mutations past the cap are not applied', async () => {
    const emulator = await startEmulator({
      rateLimit: false,
      queryLimits: { maxResponseBytes: 200 },
    });
    try {
      const name = 'x'.repeat(100);
      const saves = ['a', 'b', 'c', 'd']
        .map((alias) => `${alias}: saveProductTag(input: { name: "${name}" }) { id name }`)
        .join(' ');
      const response = await graphql(emulator, await token(emulator), `mutation { ${saves} }`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        errors: [{ extensions: { limit: 'responseBytes', max: 200 } }],
      });
      // a's answer (about 160 bytes) fits; b's goes over, so c and d never run.
      expect(emulator.stats.mutations.map((m) => m.field)).toEqual([
        'saveProductTag',
        'saveProductTag',
      ]);
    } finally {
      await emulator.close();
    }
  });
});

describe('default query limits', () => {
  const api = useAdminApi();

  it('are the documented figures', () => {
    expect(DEFAULT_QUERY_LIMITS).toEqual({
      maxDepth: 15,
      maxAliases: 100,
      maxListSize: 20_000,
      maxTokens: 50_000,
      maxResponseBytes: 5_000_000,
    });
  });

  it("answer the vendor's largest default operation at the largest page", async () => {
    // listOrder with every field, as @ikas/api-client's default operation selects it: 10,800
    // estimated items at a page of 200.
    const { body } = await send(
      api,
      `{ listOrder(pagination: { limit: 200 }) { data { id orderLineItems { id variant { prices { sellPrice } } } } } }`,
    );
    expect(body.errors).toBeUndefined();
  });
});

describe('queryLimits options', () => {
  it.each<[string, unknown, string]>([
    ['a depth of 0', { maxDepth: 0 }, '"queryLimits.maxDepth" must be an integer from 1 to 200'],
    [
      'a depth over 200',
      { maxDepth: 201 },
      '"queryLimits.maxDepth" must be an integer from 1 to 200',
    ],
    [
      'a fractional alias count',
      { maxAliases: 1.5 },
      '"queryLimits.maxAliases" must be a positive integer',
    ],
    ['a list size of 0', { maxListSize: 0 }, '"queryLimits.maxListSize"'],
    ['tokens of NaN', { maxTokens: Number.NaN }, '"queryLimits.maxTokens"'],
    [
      'bytes as a string',
      { maxResponseBytes: '5MB' },
      '"queryLimits.maxResponseBytes" must be a positive integer number of bytes',
    ],
    ['null', null, '"queryLimits" must be {'],
  ])('rejects %s with INVALID_OPTION', async (_, queryLimits, message) => {
    const error = await startEmulator({ queryLimits } as EmulatorOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorOptionError);
    expect((error as Error).message).toContain(message);
  });
});
