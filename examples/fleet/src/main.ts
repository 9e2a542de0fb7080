// A worker pool: several Node processes of one app, sharing its token and its rate budget
// through Redis, against the embedded emulator. Prints what each process did.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '@admin-api/emulator';
import type { WorkerReport } from './worker.js';

const workers = Number(process.env.FLEET_WORKERS ?? 4);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const emulator = await startEmulator();
// What a real deployment would set in every process's environment.
const env = {
  ...process.env,
  ADMIN_API_AUTH_URL: emulator.authUrl,
  ADMIN_API_BASE_URL: emulator.baseUrl,
  ADMIN_API_CLIENT_ID: emulator.clientId,
  ADMIN_API_CLIENT_SECRET: emulator.clientSecret,
  REDIS_URL: redisUrl,
};

console.log(
  `${workers} worker processes share one app through Redis at ${redisUrl} (embedded emulator)`,
);
const reports = await Promise.all(
  Array.from({ length: workers }, async () => {
    const child = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env,
    });
    const [report] = (await once(child, 'message')) as [WorkerReport];
    await once(child, 'exit');
    return report;
  }),
);
await emulator.close();

const row = (first: string, ...numbers: (string | number)[]) =>
  console.log([first.padEnd(10), ...numbers.map((n) => String(n).padStart(10))].join(' '));
row('process', 'requests', '429s', 'token req.', 'products');
for (const r of reports)
  row(`pid ${r.pid}`, r.requests, r.rateLimited, r.tokenRequests, r.products);
const total = (key: 'requests' | 'rateLimited' | 'tokenRequests' | 'products') =>
  reports.reduce((sum, r) => sum + r[key], 0);
row('total', total('requests'), total('rateLimited'), total('tokenRequests'), total('products'));
const events = [...new Set(reports.flatMap((r) => r.fleetEvents))];
console.log(
  `summary: ${total('rateLimited')} × 429, ${total('tokenRequests')} token request(s) for ${workers} processes` +
    (events.length > 0 ? `; fleet events: ${events.join(', ')}` : ''),
);
