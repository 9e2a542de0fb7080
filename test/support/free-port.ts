import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago: bind port 0, read the port, close. Another process
 * can take it before the caller binds it, so callers retry on "address already in use".
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port from listen(0)');
  return address.port;
}
