import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { findRedisServer, startRedisServer } from '../../../test/support/redis-server-process.js';
import { connectRedis } from './redis-fixture.js';

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the redis-server test harness', () => {
  const started: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.close()));
  });

  it('starts a server on a loopback port that answers commands', async () => {
    const server = await startRedisServer();
    started.push(server);
    const client = await connectRedis(server.url);
    await client.set('k', 'v');
    expect(await client.get('k')).toBe('v');
    expect(await client.configGet('save')).toEqual({ save: '' });
    await client.close();
  });

  it('stops the server, then restarts it on the same port with no data left', async () => {
    const server = await startRedisServer();
    started.push(server);
    const client = await connectRedis(server.url);
    await client.set('k', 'v');
    await client.close();

    await server.stop();
    expect(await refusesConnections(server.port)).toBe(true);

    await server.restart();
    const again = await connectRedis(server.url);
    expect(await again.get('k')).toBeNull();
    await again.close();
  });

  it('two servers get two ports', async () => {
    const [a, b] = await Promise.all([startRedisServer(), startRedisServer()]);
    started.push(a, b);
    expect(a.port).not.toBe(b.port);
  });

  it('without redis-server on PATH, the error says how to install it', () => {
    expect(() => findRedisServer('/nonexistent')).toThrow(
      'apt-get update && apt-get install -y redis-server',
    );
  });
});
