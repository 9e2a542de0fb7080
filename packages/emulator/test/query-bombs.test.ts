import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/index.js';
import { graphql, token, useAdminApi } from './helpers.js';

const api = useAdminApi();

interface Answer {
  status: number;
  body: { errors?: { extensions?: Record<string, unknown> }[] };
}

/**
 * POSTs `body` in two halves and runs `midway` between them, while the emulator holds half a
 * request: resolves with the answer.
 */
function sendInHalves(
  url: string,
  accessToken: string,
  body: string,
  midway: () => Promise<void>,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${accessToken}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    const half = Math.ceil(body.length / 2);
    req.write(body.slice(0, half));
    midway().then(() => req.end(body.slice(half)), reject);
  });
}

const LIST = '{ listProduct(pagination: { limit: 20 }) { count data { id name } } }';

describe('queries built to exhaust the emulator', () => {
  it('an alias bomb of about 1 MB is answered 400 at once, and a call sent meanwhile is answered 200', async () => {
    const emulator = api.emulator();
    const aliases = Array.from(
      { length: 14_000 },
      (_, i) => `a${i}: listProduct(pagination: { limit: 200 }) { data { id } }`,
    );
    const body = JSON.stringify({ query: `{ ${aliases.join(' ')} }` });
    expect(body.length).toBeGreaterThan(0.85 * MAX_BODY_BYTES);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const accessToken = await token(emulator);
    let normal = 0;
    const answer = await sendInHalves(
      `${emulator.baseUrl}/api/v2/admin/graphql`,
      accessToken,
      body,
      async () => {
        normal = (await graphql(emulator, accessToken, LIST)).status;
      },
    );
    // The normal call was answered while the bomb's second half was still to come.
    expect(normal).toBe(200);
    expect(answer.status).toBe(400);
    // Refused from a scan of its text that stops at the token limit, so it counts the aliases of
    // the first 50,000 tokens: long before a 263 MB answer could be built.
    expect(answer.body.errors?.[0]).toEqual({
      message: expect.stringMatching(
        /^The query has at least \d+ aliases; the most is 100 \(aliases\)$/,
      ),
      extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 100, actual: 2_778 },
    });
    expect((await graphql(emulator, accessToken, LIST)).status).toBe(200);
  });

  it('a query nested 5,000 deep is answered 400 naming depth, not 500', async () => {
    const query = `{ me ${'{ id '.repeat(5_000)}${'}'.repeat(5_000)} }`;
    const response = await graphql(api.emulator(), await token(api.emulator()), query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [
        { extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 15, actual: 5_001 } },
      ],
    });
  });

  it('a chain of 6,000 fragments is answered 400 naming depth, not 500', async () => {
    const chain = Array.from(
      { length: 6_000 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} }`,
    );
    const query = `{ ...F0 } ${chain.join(' ')} fragment F6000 on Query { me { id } }`;
    const response = await graphql(api.emulator(), await token(api.emulator()), query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { limit: 'depth', actual: 6_001 } }],
    });
  });

  it('a list field repeated without aliases is answered 400 naming the list size', async () => {
    const query = `{ ${'listOrder { data { id } } '.repeat(5_000)}}`;
    const response = await graphql(api.emulator(), await token(api.emulator()), query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { limit: 'listSize', max: 20_000, actual: 250_000 } }],
    });
  });

  it('nested introspection is answered 400 naming the list size', async () => {
    const query = `{ __schema { types { ${'fields { type { '.repeat(4)}name${' } }'.repeat(4)} } } }`;
    const response = await graphql(api.emulator(), await token(api.emulator()), query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { limit: 'listSize' } }],
    });
  });
});
