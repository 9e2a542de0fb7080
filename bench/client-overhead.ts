// Client vs raw fetch (and vs graphql-request alone), pacing off and on at a budget that does not
// bind, same loopback server, same fixed token, in one run. Allocations and retained heap are in
// client-memory.ts, which this report includes.
import { performance } from 'node:perf_hooks';
import { type BenchReport, median, percentile, runIfMain, table } from './bench-report.js';
import {
  CONTENDERS,
  type Contender,
  makeContender,
  NON_BINDING_RATE_LIMIT,
  startStubServer,
} from './client-contenders.js';
import { clientMemory } from './client-memory.js';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 400);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 800);
const CONCURRENCY = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const TARGET = { latency: 1.05, throughput: 0.95 };

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

/** Per-round ratios to raw fetch in the same round: their median and interquartile range. */
function ratios(series: number[], baseline: number[]): { median: number; spread: string } {
  const perRound = series.map((v, i) => v / (baseline[i] ?? Number.NaN));
  return {
    median: median(perRound),
    spread: `${percentile(perRound, 25).toFixed(3)}–${percentile(perRound, 75).toFixed(3)}`,
  };
}

export async function clientTiming(): Promise<string> {
  const server = await startStubServer();
  const calls = Object.fromEntries(
    CONTENDERS.map((name) => [name, makeContender(name, server.baseUrl)]),
  ) as Record<Contender, () => Promise<unknown>>;
  const latency = Object.fromEntries(CONTENDERS.map((n) => [n, [] as number[]]));
  const rps = Object.fromEntries(CONTENDERS.map((n) => [n, [] as number[]]));
  try {
    for (const name of CONTENDERS) await latencies(calls[name], 500);
    // Many short rounds in rotating order, so drift (JIT, GC, the server process, other load on
    // the machine) lands on all alike; each ratio is taken against raw fetch in the same round.
    for (let round = 0; round < ROUNDS; round++) {
      const shift = round % CONTENDERS.length;
      for (const name of [...CONTENDERS.slice(shift), ...CONTENDERS.slice(0, shift)]) {
        latency[name]?.push(median(await latencies(calls[name], SEQUENTIAL)));
        rps[name]?.push(await throughput(calls[name], CONCURRENT));
      }
    }
  } finally {
    server.stop();
  }
  const series = (record: Record<string, number[]>, name: Contender) => record[name] ?? [];
  const results = CONTENDERS.map((name) => ({
    name,
    latencyMs: median(series(latency, name)),
    latency: ratios(series(latency, name), series(latency, 'raw fetch')),
    rps: median(series(rps, name)),
    throughput: ratios(series(rps, name), series(rps, 'raw fetch')),
  }));
  const rows = results.map((r) => [
    r.name,
    r.latencyMs.toFixed(3),
    r.latency.median.toFixed(3),
    r.latency.spread,
    r.rps.toFixed(0),
    r.throughput.median.toFixed(3),
    r.throughput.spread,
  ]);
  const clients = results.filter((r) => r.name.startsWith('client'));
  const verdicts = clients.map(
    (r) =>
      `${r.name}: latency ${r.latency.median.toFixed(3)}×, throughput ${r.throughput.median.toFixed(3)}× (${
        r.latency.median <= TARGET.latency && r.throughput.median >= TARGET.throughput
          ? 'met'
          : 'not met'
      })`,
  );
  const timed: Contender = 'raw fetch, with a timeout';
  /** `name`'s latency and throughput per round against raw fetch with a timeout. */
  const againstTimed = (name: Contender) => {
    const lat = ratios(series(latency, name), series(latency, timed));
    const tput = ratios(series(rps, name), series(rps, timed));
    return `latency ${lat.median.toFixed(3)}× (IQR ${lat.spread}), throughput ${tput.median.toFixed(3)}× (IQR ${tput.spread})`;
  };
  return `## Client overhead

The client with pacing off, and with pacing on at a budget that does not bind
(${NON_BINDING_RATE_LIMIT.limit.toLocaleString('en')} per ${NON_BINDING_RATE_LIMIT.windowMs / 1000} s), vs raw \`fetch\`, vs undici's \`request\` and vs
graphql-request alone, with a fixed token, against a loopback stub server in another process. Raw fetch is sent
once bare and once with a timeout signal, as the client's calls are. ${ROUNDS} rounds, the
order of the contenders rotated each round; latency: the median of ${SEQUENTIAL} sequential calls
per round; throughput: ${CONCURRENT} calls per round at concurrency ${CONCURRENCY}. Ratios are to raw
fetch in the same round: the median over rounds, and the interquartile range of the rounds.

${table(['contender', 'median latency ms', 'latency ratio', 'IQR', 'throughput /s', 'throughput ratio', 'IQR'], rows)}

Target (latency ≤ ${TARGET.latency}×, throughput ≥ ${TARGET.throughput}×): ${verdicts.join('; ')}.

Against raw fetch with a timeout (\`AbortSignal.timeout(30_000)\`, what a careful user's own call
carries; the client's calls always have one), per round: ${clients.map((r) => `${r.name}: ${againstTimed(r.name)}`).join('; ')}.

The transport: undici's \`request\` (the library under Node's \`fetch\`, without its WHATWG
Request, Response and streams), with the same timeout, against raw fetch with a timeout, per
round: ${againstTimed('undici request, with a timeout')}.
`;
}

export async function clientOverhead(): Promise<BenchReport> {
  const timing = await clientTiming();
  const memory = await clientMemory();
  return { title: 'client overhead', markdown: `${timing}\n${memory}` };
}

runIfMain(import.meta.url, clientOverhead);
