import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { graphql, token } from './helpers.js';

let emulator: Emulator;
let accessToken: string;
beforeAll(async () => {
  emulator = await startEmulator({ rateLimit: false });
  accessToken = await token(emulator);
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.close());

const SAVE = 'mutation($input: ProductInput!) { saveProduct(input: $input) { id } }';
const INPUT = {
  input: { name: 'Arıza Kupa', type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 1 }] }] },
};

describe('emulator fault injection', () => {
  it('answers the scripted status and body, then goes back to normal', async () => {
    emulator.faults.graphql.push({
      status: 502,
      body: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const faulted = await graphql(emulator, accessToken, '{ me { id } }');
    expect(faulted.status).toBe(502);
    expect(faulted.headers.get('content-type')).toBe('text/html');
    expect(await faulted.text()).toBe('<html>Bad Gateway</html>');
    expect((await graphql(emulator, accessToken, '{ me { id } }')).status).toBe(200);
    expect(emulator.stats.faultsInjected).toBe(1);
  });

  it('answers an empty or malformed body with status 200', async () => {
    emulator.faults.graphql.push({ status: 200, body: '' }, { status: 200, body: '{"data":' });
    expect(await (await graphql(emulator, accessToken, '{ me { id } }')).text()).toBe('');
    expect(await (await graphql(emulator, accessToken, '{ me { id } }')).text()).toBe('{"data":');
  });

  it('drops the connection without applying the mutation', async () => {
    emulator.faults.graphql.push({ drop: true });
    await expect(graphql(emulator, accessToken, SAVE, INPUT)).rejects.toThrow();
    expect(emulator.stats.mutations).toHaveLength(0);
  });

  it('applies the mutation, then drops the connection', async () => {
    emulator.faults.graphql.push({ afterHandling: true, drop: true });
    await expect(graphql(emulator, accessToken, SAVE, INPUT)).rejects.toThrow();
    expect(emulator.stats.mutations).toHaveLength(1);
  });

  it('applies the mutation, then answers 500', async () => {
    emulator.faults.graphql.push({ afterHandling: true, status: 500 });
    expect((await graphql(emulator, accessToken, SAVE, INPUT)).status).toBe(500);
    expect(emulator.stats.mutations).toHaveLength(1);
  });

  it('applies a mocked mutation, then answers 500', async () => {
    emulator.faults.graphql.push({ afterHandling: true, status: 500 });
    const saveVendor = 'mutation { saveVendor(input: { name: "Tedarikçi" }) { id } }';
    expect((await graphql(emulator, accessToken, saveVendor)).status).toBe(500);
    expect(emulator.stats.mutations.map((m) => [m.field, m.mocked])).toEqual([
      ['saveVendor', true],
    ]);
  });

  it('delays the answer', async () => {
    emulator.faults.graphql.push({ delayMs: 150 });
    const started = Date.now();
    expect((await graphql(emulator, accessToken, '{ me { id } }')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('asks the random fault source when the queue is empty', async () => {
    let calls = 0;
    emulator.faults.random = (target) =>
      target === 'graphql' && ++calls % 2 === 0 ? { status: 503 } : undefined;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await graphql(emulator, accessToken, '{ me { id } }')).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
  });

  it('injects faults on the token endpoint too', async () => {
    emulator.faults.token.push({ status: 503 });
    const response = await fetch(`${emulator.authUrl}/api/admin/oauth/token`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(emulator.stats.tokenRequests).toBe(1);
  });
});
