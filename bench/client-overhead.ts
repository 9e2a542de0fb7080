// Client vs raw fetch (and vs graphql-request alone), same loopback server, same fixed token, in
// one run. The server runs in its own process so serving does not share the measured event loop.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { TokenProvider } from '@admin-api/auth';
import { createAdminClient } from '@admin-api/client';
import { GraphQLClient } from 'graphql-request';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 400);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 800);
const CONCURRENCY = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const QUERY = 'query GetMe { me { id name scopes } }';
const TOKEN = 'bench.token.value';

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

export async function clientOverhead(): Promise<BenchReport> {
  const server = fork(new URL('./graphql-stub-server.mjs', import.meta.url), [TOKEN], {
    stdio: 'inherit',
  });
  const [port] = (await once(server, 'message')) as [number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const endpoint = `${baseUrl}/api/v2/admin/graphql`;
  const tokenProvider: TokenProvider = {
    getToken: async () => ({
      accessToken: TOKEN,
      tokenType: 'Bearer',
      expiresIn: 14_400,
      expiresAt: Date.now() + 14_400_000,
    }),
    invalidate: async () => {},
  };
  // Pacing off: raw fetch has none, and a paced run would measure the budget, not the overhead.
  const client = createAdminClient({ baseUrl, tokenProvider, rateLimit: false });
  const transport = new GraphQLClient(endpoint, { headers: { authorization: `Bearer ${TOKEN}` } });
  const contenders = {
    'raw fetch': async () => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ query: QUERY, operationName: 'GetMe' }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { data: unknown }).data;
    },
    'graphql-request alone': () => transport.request(QUERY),
    '@admin-api/client': () => client.request(QUERY),
  };
  type Name = keyof typeof contenders;
  const names = Object.keys(contenders) as Name[];
  const latency = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<
    Name,
    number[]
  >;
  const rps = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
  try {
    for (const name of names) await latencies(contenders[name], 500);
    // Many short rounds in rotating order, so drift (JIT, GC, the server process) lands on all
    // alike; each ratio is the median of per-round ratios to raw fetch in the same round.
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of [...names.slice(round % 3), ...names.slice(0, round % 3)]) {
        latency[name].push(median(await latencies(contenders[name], SEQUENTIAL)));
        rps[name].push(await throughput(contenders[name], CONCURRENT));
      }
    }
  } finally {
    server.kill();
  }
  const ratio = (series: number[], baseline: number[]) =>
    median(series.map((v, i) => v / (baseline[i] ?? Number.NaN)));
  const rows = names.map((name) => [
    name,
    median(latency[name]).toFixed(3),
    ratio(latency[name], latency['raw fetch']).toFixed(3),
    median(rps[name]).toFixed(0),
    ratio(rps[name], rps['raw fetch']).toFixed(3),
  ]);
  const latencyRatio = ratio(latency['@admin-api/client'], latency['raw fetch']);
  const throughputRatio = ratio(rps['@admin-api/client'], rps['raw fetch']);
  const markdown = `## Client overhead

\`@admin-api/client\` (pacing off) vs raw \`fetch\` and vs graphql-request alone, with a fixed token,
against a loopback stub server in another process. ${ROUNDS} rotating rounds; latency: ${SEQUENTIAL}
sequential calls per round; throughput: ${CONCURRENT} calls per round at concurrency ${CONCURRENCY}.

${table(['contender', 'median latency ms', 'latency ratio', 'throughput /s', 'throughput ratio'], rows)}

Target (latency ratio ≤ 1.10, throughput ratio ≥ 0.90): ${latencyRatio <= 1.1 && throughputRatio >= 0.9 ? 'met' : 'not met'}.
`;
  return { title: 'client overhead', markdown };
}

runIfMain(import.meta.url, clientOverhead);
