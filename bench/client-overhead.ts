// Client vs raw fetch, same server, same fixed token, in one run. Prints ratios; not a timed test.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { AccessToken, TokenProvider } from '@admin-api/auth';
import { createAdminClient } from '@admin-api/client';
import { GraphQLClient } from 'graphql-request';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 400);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 800);
const CONCURRENCY = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const QUERY = 'query GetMe { me { id name scopes } }';
const TOKEN = 'bench.token.value';

const server = fork(new URL('./graphql-stub-server.mjs', import.meta.url), [TOKEN], {
  stdio: 'inherit',
});
const [port] = (await once(server, 'message')) as [number];
const baseUrl = `http://127.0.0.1:${port}`;
const endpoint = `${baseUrl}/api/v2/admin/graphql`;

const fixedToken: AccessToken = {
  accessToken: TOKEN,
  tokenType: 'Bearer',
  expiresIn: 14_400,
  expiresAt: Date.now() + 14_400_000,
};
const tokenProvider: TokenProvider = {
  getToken: async () => fixedToken,
  invalidate: async () => {},
};
// Pacing off: raw fetch has none, and a paced run would measure the budget, not the overhead.
const client = createAdminClient({ baseUrl, tokenProvider, rateLimit: false });

async function rawFetch(): Promise<unknown> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query: QUERY, operationName: 'GetMe' }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const json = (await response.json()) as { data: unknown };
  return json.data;
}
const viaClient = () => client.request(QUERY);
// graphql-request alone, as the client uses it: shows how much of the gap is the transport.
const transport = new GraphQLClient(endpoint, { headers: { authorization: `Bearer ${TOKEN}` } });
const viaGraphqlRequest = () => transport.request(QUERY);

async function latencies(call: () => Promise<unknown>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function throughput(call: () => Promise<unknown>, n: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) await call();
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const contenders = { raw: rawFetch, transport: viaGraphqlRequest, client: viaClient };
type Name = keyof typeof contenders;
const names = Object.keys(contenders) as Name[];
for (const name of names) await latencies(contenders[name], 500);
const latency = { raw: [] as number[], transport: [] as number[], client: [] as number[] };
const rps = { raw: [] as number[], transport: [] as number[], client: [] as number[] };
// Many short rounds in rotating order, so drift (JIT, GC, the server process) lands on all alike;
// each figure is the median of per-round ratios to raw fetch measured in the same round.
for (let round = 0; round < ROUNDS; round++) {
  const order = [...names.slice(round % 3), ...names.slice(0, round % 3)];
  for (const name of order) {
    latency[name].push(median(await latencies(contenders[name], SEQUENTIAL)));
    rps[name].push(await throughput(contenders[name], CONCURRENT));
  }
}
server.kill();

const ratio = (series: number[], baseline: number[]) =>
  median(series.map((v, i) => v / (baseline[i] ?? Number.NaN)));
const line = (name: Name) =>
  `  ${name.padEnd(16)} ${median(latency[name]).toFixed(3)} ms  ×${ratio(latency[name], latency.raw).toFixed(3)}    ` +
  `${median(rps[name]).toFixed(0).padStart(5)}/s  ×${ratio(rps[name], rps.raw).toFixed(3)}`;
const latencyRatio = ratio(latency.client, latency.raw);
const throughputRatio = ratio(rps.client, rps.raw);
console.log(`client-overhead: vs raw fetch with a fixed token, loopback stub server, ${ROUNDS} rotating rounds
  (sequential ${SEQUENTIAL} calls per round for latency; ${CONCURRENT} calls at concurrency ${CONCURRENCY} for throughput)
                   median latency          throughput
${line('raw')}
${line('transport')}   (graphql-request alone)
${line('client')}   (@admin-api/client)
target: client latency ratio <= 1.10 and throughput ratio >= 0.90: ${latencyRatio <= 1.1 && throughputRatio >= 0.9 ? 'met' : 'NOT met'}`);
