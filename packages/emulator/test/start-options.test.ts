import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EmulatorOptionError, type EmulatorOptions, startEmulator } from '../src/index.js';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;
const closeServer = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

describe('startEmulator options', () => {
  it.each<[string, EmulatorOptions, string]>([
    ['a port above 65535', { authPort: 70_000 }, '"authPort" must be an integer from 0 to 65535'],
    ['a negative port', { graphqlPort: -1 }, '"graphqlPort" must be an integer from 0 to 65535'],
    ['one port for both hosts', { authPort: 4010, graphqlPort: 4010 }, 'must differ'],
    ['an empty host', { host: '' }, '"host" must be a non-empty string'],
    ['an empty client id', { clientId: '' }, '"clientId" must be a non-empty string'],
    // An empty secret is "found" in every request, so every call would count as a leak.
    ['an empty client secret', { clientSecret: '' }, '"clientSecret" must be a non-empty string'],
    ['a limit of 0', { rateLimit: { limit: 0 } }, '"rateLimit.limit" must be a positive integer'],
    ['a fractional limit', { rateLimit: { limit: 1.5 } }, '"rateLimit.limit"'],
    [
      'a window of NaN',
      { rateLimit: { windowMs: Number.NaN } },
      '"rateLimit.windowMs" must be a positive integer number of milliseconds',
    ],
    [
      'a negative count',
      { fixtures: { products: -1 } },
      '"fixtures.products" must be a non-negative',
    ],
    ['a fractional count', { fixtures: { orders: 1.5 } }, '"fixtures.orders"'],
    ['a fractional seed', { fixtures: { seed: 1.5 } }, '"fixtures.seed" must be an integer'],
    ['fixtures of null', { fixtures: null as unknown as object }, '"fixtures" must be {'],
    ['a clock that is not a function', { now: 0 as unknown as () => number }, '"now" must be'],
  ])('rejects %s with INVALID_OPTION, naming the option', async (_, options, message) => {
    const error = await startEmulator(options).then(
      async (emulator) => {
        await emulator.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmulatorOptionError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect((error as Error).message).toContain(message);
  });

  it.each<[string, unknown]>([
    ['a number', 987_654_321],
    ['a Buffer', Buffer.from('secret-in-a-buffer')],
    ['a boxed string', Object('secret-in-a-box')],
  ])('refuses a clientSecret given as %s without echoing it', async (_, secret) => {
    const error = await startEmulator({ clientSecret: secret as string }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorOptionError);
    const { message } = error as Error;
    expect(message).toContain('"clientSecret" must be a non-empty string');
    for (const leaked of ['987654321', 'secret-in-a-buffer', 'secret-in-a-box']) {
      expect(message).not.toContain(leaked);
    }
  });

  it('takes the edges of each range', async () => {
    const emulator = await startEmulator({
      rateLimit: { limit: 1, windowMs: 1 },
      fixtures: { seed: -7, products: 0, customers: 0, orders: 0 },
    });
    await emulator.close();
    expect(emulator.data.products.size).toBe(0);
  });

  it('leaves the token host closed when the GraphQL port is taken', async () => {
    const taken = await listenOn(0);
    const probe = await listenOn(0);
    const authPort = portOf(probe);
    await closeServer(probe);
    try {
      const error = await startEmulator({ authPort, graphqlPort: portOf(taken) }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'EADDRINUSE' });
      // The token host's port is free again: nothing of the failed start holds it.
      await closeServer(await listenOn(authPort));
    } finally {
      await closeServer(taken);
    }
  });
});
