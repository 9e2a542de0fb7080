// A minimal GraphQL endpoint for benchmarks: fixed answer, checks the bearer token, no work.
// Runs in its own process so that serving does not share the event loop being measured.
import { createServer } from 'node:http';

const token = process.argv[2];
const body = JSON.stringify({
  data: { me: { id: 'app_1', name: 'Bench App', scopes: ['READ_PRODUCTS'] } },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const ok = req.headers.authorization === `Bearer ${token}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? body : '{"errors":[{"message":"no","extensions":{"code":"UNAUTHENTICATED"}}]}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
