// Watch latency: from an edit's write to the generated module's rewrite, over 20 edits (a changed
// selection, an added operation, a deleted file, in a mix), for `admin-api codegen --watch` and for
// graphql-codegen's own `--watch` with plain's plugins, on the real Admin API schema with an
// operation for every root field and on GitHub's schema with 100 operations.
import { type ChildProcess, spawn } from 'node:child_process';
import { type FSWatcher, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSchemaCache } from '@admin-api/codegen';
import { type BenchReport, median, percentile, runIfMain, table } from './bench-report.js';
import {
  ADMIN_API,
  adminApiWorkload,
  GRAPHQL_CODEGEN,
  githubWorkload,
  OURS_CONFIG,
  operationPath,
  plainConfig,
  sdlOf,
  type Workload,
  writeOperations,
} from './codegen-workloads.js';

const WORK = fileURLToPath(new URL('./.work/', import.meta.url));
const EDITS = Number(process.env.BENCH_WATCH_EDITS ?? 20);
const EDIT_TIMEOUT_MS = 180_000;

/** A watching process, its output read line by line. */
interface Watcher {
  /** Resolves with the next line (from now on) that matches. */
  next(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

function startWatcher(args: string[], cwd: string): Watcher {
  const child: ChildProcess = spawn(process.execPath, args, { cwd, env: process.env });
  let waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const matched = waiters.filter((waiter) => waiter.pattern.test(line));
      waiters = waiters.filter((waiter) => !matched.includes(waiter));
      for (const waiter of matched) waiter.resolve(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    next: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${pattern} within ${EDIT_TIMEOUT_MS} ms`)),
          EDIT_TIMEOUT_MS,
        );
        waiters.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      }),
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The edits, the same for both tools: 20 in a mix of a changed selection, an add, a delete. */
function edits(dir: string, operations: readonly string[]): (() => void)[] {
  const file = (index: number) => join(dir, operationPath(index));
  const toggleTypename = (index: number) => () => {
    const text = readFileSync(file(index), 'utf8');
    writeFileSync(
      file(index),
      text.includes('{ __typename ')
        ? text.replace('{ __typename ', '{ ')
        : text.replace(/\{\s*/, '{ __typename '),
    );
  };
  const list: (() => void)[] = [];
  for (let i = 0; list.length < EDITS; i++) {
    const source = operations[(i * 7) % operations.length] ?? '';
    const added = join(dir, 'ops', `added${i}.graphql`);
    list.push(
      toggleTypename((i * 13) % operations.length),
      () => writeFileSync(added, `${source.replace(/^(query|mutation)\s+\w+/, `$1 Added${i}`)}\n`),
      () => rmSync(added),
      toggleTypename((i * 13 + 5) % operations.length),
    );
  }
  return list.slice(0, EDITS);
}

/** Times of the events on one file in a folder, as this process sees them. */
function fileEvents(directory: string, name: string): { times: number[]; close(): void } {
  mkdirSync(directory, { recursive: true });
  const times: number[] = [];
  const watcher: FSWatcher = watch(directory, (_event, file) => {
    if (file?.toString() === name) times.push(performance.now());
  });
  return { times, close: () => watcher.close() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Latencies {
  /** Edit's write to the module's last write, ms. */
  total: number[];
  /** Of that, the incremental generator's reprint (ours only, its `generate` phase), ms. */
  generate: number[];
}

/**
 * Runs one tool in watch mode in `dir`, applies the edits one at a time, and measures each from
 * just before the edit's write to the last write of the module before the tool says it is done.
 */
async function measure(
  dir: string,
  workload: Workload,
  tool: 'ours' | 'plain',
): Promise<Latencies> {
  const output = tool === 'ours' ? 'ours.ts' : 'plain.ts';
  const events = fileEvents(join(dir, 'out'), output);
  const watcher =
    tool === 'ours'
      ? startWatcher(
          [ADMIN_API, 'codegen', '--watch', '--timings', '--config', 'ours.codegen.ts'],
          dir,
        )
      : startWatcher([GRAPHQL_CODEGEN, '--config', 'plain-watch.codegen.ts', '--watch'], dir);
  // graphql-codegen says "Watching for changes" after each run; we say "rebuilt" (or "rebuild failed").
  const done = tool === 'ours' ? /^(✔ rebuilt|✘ rebuild failed) / : /Watching for changes/;
  const timings = /^timings: .*generate (\d+) ms/;
  try {
    await watcher.next(tool === 'ours' ? /^watching / : /Watching for changes/);
    await pause(500);
    const result: Latencies = { total: [], generate: [] };
    for (const [index, edit] of edits(dir, workload.operations).entries()) {
      process.stderr.write(
        `watch-latency: ${workload.name}, ${tool}, edit ${index + 1}/${EDITS}\n`,
      );
      const finished = watcher.next(done);
      const generated = tool === 'ours' ? watcher.next(timings) : undefined;
      const started = performance.now();
      edit();
      const line = await finished;
      if (tool === 'ours' && !line.startsWith('✔')) throw new Error(`rebuild failed: ${line}`);
      // The rename (ours) or the last write (graphql-codegen) may be seen just after the line.
      await pause(50);
      const written = events.times.filter((time) => time > started).at(-1);
      if (written === undefined)
        throw new Error(`${tool}: edit ${index + 1} did not rewrite ${output}`);
      result.total.push(written - started);
      if (generated) result.generate.push(Number((timings.exec(await generated) ?? [])[1]));
      await pause(200);
    }
    return result;
  } finally {
    await watcher.stop();
    events.close();
  }
}

export async function watchLatency(): Promise<BenchReport> {
  const rows: (string | number)[][] = [];
  const targets: string[] = [];
  for (const workload of [adminApiWorkload(), githubWorkload(100)]) {
    const base = join(WORK, `watch-${workload.name.replace(' ', '-')}`);
    const ours = join(base, 'ours');
    const plain = join(base, 'plain');
    const sdl = sdlOf(workload);
    writeOperations(ours, workload.operations);
    writeSchemaCache(join(ours, 'schema.graphql'), sdl, 'https://bench.invalid/graphql');
    writeFileSync(join(ours, 'ours.codegen.ts'), OURS_CONFIG);
    writeOperations(plain, workload.operations);
    writeFileSync(join(plain, 'plain-schema.graphql'), sdl);
    writeFileSync(
      join(plain, 'plain-watch.codegen.ts'),
      plainConfig("'plain-schema.graphql'", 'plain'),
    );
    const oursLatency = await measure(ours, workload, 'ours');
    const plainLatency = await measure(plain, workload, 'plain');
    const row = (variant: string, values: number[]) => [
      workload.name,
      variant,
      median(values).toFixed(0),
      percentile(values, 95).toFixed(0),
      (percentile(values, 95) / percentile(plainLatency.total, 95)).toFixed(2),
    ];
    rows.push(
      row('graphql-codegen --watch (plain plugins)', plainLatency.total),
      row('admin-api codegen --watch', oursLatency.total),
      row('… of which the generator', oursLatency.generate),
    );
    const p95 = percentile(oursLatency.total, 95);
    targets.push(
      `${workload.name}: p95 ${p95.toFixed(0)} ms (≤ 300 ms: ${p95 <= 300 ? 'met' : 'not met'})`,
    );
  }
  const markdown = `## Watch latency

From just before an edit's write to the generated module's rewrite (the rename of \`admin-api
codegen\`'s atomic write; graphql-codegen's last write of the file before it says "Watching for
changes"), as fs events reach the benchmark. ${EDITS} edits per run, one at a time: a changed
selection, an added operation file, that file deleted, another changed selection, and again. Each
tool in its own copy of the workload, with the schema from a local file. \`admin-api codegen\`
re-reads and re-checks only the changed file (and those sharing its fragments) and reprints the
module from its incremental generator; "of which the generator" is that reprint (its
\`generate\` phase, \`--timings\`). "p95 × plain" is this p95 ÷ graphql-codegen's p95.

${table(['workload', 'variant', 'p50 ms', 'p95 ms', 'p95 × plain'], rows)}

Target (p95 ≤ 300 ms): ${targets.join('; ')}.
`;
  return { title: 'watch latency', markdown };
}

runIfMain(import.meta.url, watchLatency);
