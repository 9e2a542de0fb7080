// What one call allocates, and whether the heap stays flat over 100,000 calls: each contender
// in its own process (client-memory-worker.ts) against the same loopback stub server.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BenchReport, runIfMain, table } from './bench-report.js';
import { CONTENDERS, type Contender, startStubServer } from './client-contenders.js';

const ALLOC_CALLS = Number(process.env.BENCH_ALLOC_CALLS ?? 3000);
const CHECKPOINTS = [10_000, 50_000, 100_000] as const;
const WORKER = fileURLToPath(new URL('./client-memory-worker.ts', import.meta.url));
const HEAP_CONTENDERS: Contender[] = ['raw fetch', 'client, pacing off', 'client, pacing on'];

async function inWorker(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', WORKER, ...args],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
}

export async function clientMemory(): Promise<string> {
  const server = await startStubServer();
  try {
    const bytes: Partial<Record<Contender, number>> = {};
    for (const name of CONTENDERS) {
      const { bytesPerCall } = await inWorker(['alloc', name, server.baseUrl, String(ALLOC_CALLS)]);
      bytes[name] = Number(bytesPerCall);
    }
    const baseline = bytes['raw fetch'] ?? Number.NaN;
    const allocRows = CONTENDERS.map((name) => [
      name,
      ((bytes[name] ?? Number.NaN) / 1024).toFixed(1),
      ((bytes[name] ?? Number.NaN) / baseline).toFixed(2),
      (((bytes[name] ?? Number.NaN) - baseline) / 1024).toFixed(1),
    ]);
    const heapRows: string[][] = [];
    for (const name of HEAP_CONTENDERS) {
      const { heap } = await inWorker(['heap', name, server.baseUrl, CHECKPOINTS.join(',')]);
      const [at10k = 0, at50k = 0, at100k = 0] = heap as number[];
      heapRows.push([
        name,
        ...[at10k, at50k, at100k].map((b) => (b / 2 ** 20).toFixed(2)),
        ((at100k - at10k) / (CHECKPOINTS[2] - CHECKPOINTS[0])).toFixed(1),
      ]);
    }
    return `## Client memory

Allocations: every allocation of ${ALLOC_CALLS.toLocaleString('en')} sequential calls, sampled by V8's heap profiler (every
256 bytes, collected objects included), divided by the calls; each contender in a fresh process.

${table(['contender', 'KiB allocated per call', '× raw fetch', 'KiB over raw fetch'], allocRows)}

Retained heap: \`heapUsed\` after three turns of the event loop, each followed by a forced full GC, after 10,000, 50,000 and 100,000 calls at
concurrency 32, each contender in a fresh process. Flat means the last column is about 0.

${table(['contender', 'MiB at 10k', 'MiB at 50k', 'MiB at 100k', 'bytes per call, 10k→100k'], heapRows)}
`;
  } finally {
    server.stop();
  }
}

runIfMain(import.meta.url, async (): Promise<BenchReport> => {
  return { title: 'client memory', markdown: await clientMemory() };
});
