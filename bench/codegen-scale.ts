// Codegen at scale: `admin-api codegen` (cold: token + introspection; warm: schema cache) vs plain
// graphql-codegen with typescript-operations + typescript-graphql-request (cold: introspection
// with a static header; warm: the SDL from a local file), on the real Admin API schema with an
// operation for every root field and on GitHub's public schema, in one run: wall time, peak
// memory, and the size and tsc time of the modules they write.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requestToken } from '@admin-api/auth';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { emulatorEnv } from '@admin-api/emulator/testing';
import { KIT_COMPILER_OPTIONS } from '../packages/codegen/test/type-check-project.js';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';
import {
  ADMIN_API,
  adminApiWorkload,
  GRAPHQL_CODEGEN,
  githubWorkload,
  OURS_CONFIG,
  plainConfig,
  sdlOf,
  timingPhases,
  type Workload,
  writeOperations,
} from './codegen-workloads.js';
import { importsOnly, type TscCpu, tscCpuEach } from './tsc-cpu.js';

const run = promisify(execFile);
const GITHUB_SIZES = (process.env.BENCH_CODEGEN_SIZES ?? '10,100,500').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_CODEGEN_REPEATS ?? 3);
const WORK = fileURLToPath(new URL('./.work/', import.meta.url));

interface Measure {
  wallS: number;
  /** User + system CPU seconds of the process. */
  cpuS: number;
  peakMiB: number;
  output: string;
}

/** Runs a command under GNU time: wall and CPU seconds, peak resident memory, and what it printed. */
async function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Measure> {
  const out = join(cwd, '.time');
  const { stdout, stderr } = await run(
    '/usr/bin/time',
    ['-f', '%e %U %S %M', '-o', out, process.execPath, ...args],
    { cwd, env, maxBuffer: 64 * 2 ** 20 },
  );
  const [wall, user, system, rssKb] =
    readFileSync(out, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return {
    wallS: wall ?? Number.NaN,
    cpuS: (user ?? Number.NaN) + (system ?? Number.NaN),
    peakMiB: (rssKb ?? Number.NaN) / 1024,
    output: `${stdout}${stderr}`,
  };
}

const TSC_RUNS = Number(process.env.BENCH_CODEGEN_TSC_RUNS ?? 5);

interface Checked extends TscCpu {
  /** Median CPU seconds of `tsc` on the module, as an app compiles it: with what it imports. */
  seconds: number;
  /** Of that, the module's own share: minus a file with only its import lines. */
  ownSeconds: number;
}

/**
 * `tsc` on each generated module with its imports, on its import lines alone, and on a module with
 * nothing in it (TypeScript's own start and lib, which every module pays), in interleaved rounds.
 */
async function typeCheckModules(cwd: string): Promise<WorkloadResult['tsc']> {
  const modules = ['ours', 'plain', 'plain3'] as const;
  for (const file of modules) {
    const module = readFileSync(join(cwd, 'out', `${file}.ts`), 'utf8');
    writeFileSync(join(cwd, 'out', `${file}-imports.ts`), importsOnly(module));
  }
  writeFileSync(join(cwd, 'out', 'empty.ts'), 'export {};\n');
  const paths = [
    ...modules.flatMap((file) => [`out/${file}.ts`, `out/${file}-imports.ts`]),
    'out/empty.ts',
  ];
  const cpu = await tscCpuEach(cwd, paths, KIT_COMPILER_OPTIONS, TSC_RUNS);
  const of = (path: string): TscCpu => cpu.get(path) ?? { seconds: Number.NaN, errors: 0 };
  const checked = (file: (typeof modules)[number]): Checked => {
    const whole = of(`out/${file}.ts`);
    const alone = of(`out/${file}-imports.ts`);
    return { ...whole, ownSeconds: Math.max(0, whole.seconds - alone.seconds) };
  };
  return {
    ours: checked('ours'),
    plain: checked('plain'),
    plain3: checked('plain3'),
    empty: of('out/empty.ts'),
  };
}

const PLAIN3_PLUGINS = "['typescript', 'typescript-operations', 'typescript-graphql-request']";

function writeConfigs(dir: string, workload: Workload): void {
  writeOperations(dir, workload.operations);
  writeFileSync(join(dir, 'plain-schema.graphql'), sdlOf(workload));
  writeFileSync(join(dir, 'ours.codegen.ts'), OURS_CONFIG);
  const url =
    "[{ [process.env.BENCH_ENDPOINT as string]: { headers: { Authorization: 'Bearer ' + process.env.BENCH_TOKEN } } }]";
  writeFileSync(join(dir, 'plain-cold.codegen.ts'), plainConfig(url, 'plain'));
  writeFileSync(join(dir, 'plain-warm.codegen.ts'), plainConfig("'plain-schema.graphql'", 'plain'));
  writeFileSync(
    join(dir, 'plain3.codegen.ts'),
    plainConfig("'plain-schema.graphql'", 'plain3', PLAIN3_PLUGINS),
  );
}

interface WorkloadResult {
  workload: Workload;
  runs: Record<'oursCold' | 'oursWarm' | 'plainCold' | 'plainWarm' | 'plain3Warm', Measure[]>;
  bytes: { ours: number; plain: number; plain3: number };
  tsc: { ours: Checked; plain: Checked; plain3: Checked; empty: TscCpu };
}

/** A workload ready to run: its emulator, its directory and the environment of its runs. */
interface PreparedWorkload {
  workload: Workload;
  emulator: Emulator;
  dir: string;
  env: NodeJS.ProcessEnv;
  runs: WorkloadResult['runs'];
}

async function prepare(workload: Workload): Promise<PreparedWorkload> {
  const emulator = await startEmulator({ schema: workload.schema, rateLimit: false });
  const { accessToken } = await requestToken({
    authUrl: emulator.authUrl,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  });
  const env = {
    ...process.env,
    ...emulatorEnv(emulator),
    BENCH_ENDPOINT: `${emulator.baseUrl}/api/v2/admin/graphql`,
    BENCH_TOKEN: accessToken,
  };
  const dir = join(WORK, `codegen-${workload.name.replace(' ', '-')}`);
  writeConfigs(dir, workload);
  const runs = { oursCold: [], oursWarm: [], plainCold: [], plainWarm: [], plain3Warm: [] };
  return { workload, emulator, dir, env, runs };
}

/** One run of every variant on one workload. */
async function runVariants({ dir, env, runs }: PreparedWorkload): Promise<void> {
  const ours = [ADMIN_API, 'codegen', '--config', 'ours.codegen.ts', '--timings'];
  const plain = (config: string) => [GRAPHQL_CODEGEN, '--config', config, '--silent'];
  rmSync(join(dir, 'schema.graphql'), { force: true });
  rmSync(join(dir, 'out'), { recursive: true, force: true });
  runs.oursCold.push(await timed(ours, dir, env));
  // Warm runs start without the module too, so each of them writes it.
  rmSync(join(dir, 'out/ours.ts'), { force: true });
  runs.oursWarm.push(await timed(ours, dir, env));
  runs.plainCold.push(await timed(plain('plain-cold.codegen.ts'), dir, env));
  runs.plainWarm.push(await timed(plain('plain-warm.codegen.ts'), dir, env));
  runs.plain3Warm.push(await timed(plain('plain3.codegen.ts'), dir, env));
}

/** The modules the last runs wrote: their sizes and what tsc costs on them. */
async function checkModules({ workload, dir, runs }: PreparedWorkload): Promise<WorkloadResult> {
  const size = (file: string) => statSync(join(dir, 'out', `${file}.ts`)).size;
  return {
    workload,
    runs,
    bytes: { ours: size('ours'), plain: size('plain'), plain3: size('plain3') },
    tsc: await typeCheckModules(dir),
  };
}

/**
 * Every workload, in rounds: each round runs every variant on every workload once, so that drift
 * in the machine's load over the run lands on all sizes alike instead of on the growth slope.
 */
async function measureWorkloads(workloads: readonly Workload[]): Promise<WorkloadResult[]> {
  const prepared: PreparedWorkload[] = [];
  try {
    for (const workload of workloads) prepared.push(await prepare(workload));
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      for (const workload of prepared) {
        process.stderr.write(
          `codegen-scale: ${workload.workload.name}, run ${repeat + 1}/${REPEATS}\n`,
        );
        await runVariants(workload);
      }
    }
    const results: WorkloadResult[] = [];
    for (const workload of prepared) results.push(await checkModules(workload));
    return results;
  } finally {
    await Promise.all(prepared.map(({ emulator }) => emulator.close()));
  }
}

const wall = (runs: Measure[]) => median(runs.map((r) => r.wallS));
const cpu = (runs: Measure[]) => median(runs.map((r) => r.cpuS));
const peak = (runs: Measure[]) => median(runs.map((r) => r.peakMiB));

/** Fixed costs measured in the same run: Node itself, and graphql-codegen's CLI doing nothing. */
async function fixedCosts(): Promise<{ node: number; graphqlCodegen: number }> {
  const node: number[] = [];
  const cli: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    node.push((await timed(['-e', '0'], WORK, process.env)).wallS);
    cli.push((await timed([GRAPHQL_CODEGEN, '--version'], WORK, process.env)).wallS);
  }
  return { node: median(node), graphqlCodegen: median(cli) };
}

const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);
const verdict = (met: boolean) => (met ? 'met' : 'not met');

export async function codegenScale(): Promise<BenchReport> {
  const workloads = [adminApiWorkload(), ...GITHUB_SIZES.map(githubWorkload)];
  const results = await measureWorkloads(workloads);
  const fixed = await fixedCosts();

  const rows: (string | number)[][] = [];
  const outputRows: (string | number)[][] = [];
  const profileRows: (string | number)[][] = [];
  const targets: string[] = [];
  for (const { workload, runs, bytes, tsc } of results) {
    const ops = workload.operations.length;
    const row = (variant: string, measured: Measure[], baseline: Measure[]) => [
      workload.name,
      variant,
      wall(measured).toFixed(2),
      ratio(wall(measured), wall(baseline)),
      peak(measured).toFixed(0),
      ratio(peak(measured), peak(baseline)),
    ];
    rows.push(
      row('plain, cold (introspection)', runs.plainCold, runs.plainCold),
      row('plain, warm (local SDL)', runs.plainWarm, runs.plainWarm),
      row('plain + `typescript`, warm', runs.plain3Warm, runs.plainWarm),
      row('admin-api codegen, cold', runs.oursCold, runs.plainCold),
      row('admin-api codegen, warm', runs.oursWarm, runs.plainWarm),
    );
    const output = (variant: string, size: number, checked: Checked) => [
      workload.name,
      variant,
      (size / ops).toFixed(0),
      ratio(size, bytes.plain),
      checked.seconds.toFixed(2),
      ratio(checked.seconds, tsc.plain.seconds),
      checked.ownSeconds.toFixed(2),
      ratio(checked.ownSeconds, tsc.plain.ownSeconds),
      checked.errors,
    ];
    outputRows.push(
      output('plain', bytes.plain, tsc.plain),
      output('plain + `typescript`', bytes.plain3, tsc.plain3),
      output('admin-api codegen', bytes.ours, tsc.ours),
      [
        workload.name,
        'an empty module',
        '',
        '',
        tsc.empty.seconds.toFixed(2),
        ratio(tsc.empty.seconds, tsc.plain.seconds),
        '',
        '',
        tsc.empty.errors,
      ],
    );
    const warmRatio = wall(runs.oursWarm) / wall(runs.plainWarm);
    const coldRatio = wall(runs.oursCold) / wall(runs.plainCold);
    const memory = Math.max(
      peak(runs.oursWarm) / peak(runs.plainWarm),
      peak(runs.oursCold) / peak(runs.plainCold),
    );
    const bytesRatio = bytes.ours / bytes.plain;
    const tscRatio = tsc.ours.seconds / tsc.plain.seconds;
    const floor = tsc.empty.seconds / tsc.plain.seconds;
    const tscFloor = tscRatio <= 0.5 ? '' : `; an empty module: ${floor.toFixed(2)}×`;
    targets.push(
      `${workload.name}: warm ${warmRatio.toFixed(2)}× (≤ 0.5: ${verdict(warmRatio <= 0.5)}), cold ${coldRatio.toFixed(2)}× (≤ 1.0: ${verdict(coldRatio <= 1)}), peak memory ≤ ${memory.toFixed(2)}× (≤ 1.0: ${verdict(memory <= 1)}), bytes/op ${bytesRatio.toFixed(2)}× (≤ 0.5: ${verdict(bytesRatio <= 0.5)}), tsc ${tscRatio.toFixed(2)}× (≤ 0.5: ${verdict(tscRatio <= 0.5)}${tscFloor})`,
    );
    const warmPhases = runs.oursWarm.map((r) => timingPhases(r.output));
    const names = Object.keys(warmPhases[0] ?? {});
    profileRows.push([
      workload.name,
      ...names.map(
        (name) => `${name} ${median(warmPhases.map((p) => p[name] ?? Number.NaN)).toFixed(0)}`,
      ),
    ]);
  }
  const github = results.filter((r) => r.workload.name.startsWith('github'));
  const first = github[0];
  const last = github.at(-1);
  let growthLine = '';
  if (first && last && first !== last) {
    type Key = keyof WorkloadResult['runs'];
    // Steepness: what each added operation costs, the least-squares slope over every size (two
    // end points alone swing with one slow run), in wall and in CPU time; and the ratio of walls.
    const sizes = github.map((r) => r.workload.operations.length);
    const meanSize = sizes.reduce((sum, x) => sum + x, 0) / sizes.length;
    const slope = (key: Key, of: (runs: Measure[]) => number) => {
      const ys = github.map((r) => of(r.runs[key]));
      const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
      let covariance = 0;
      let variance = 0;
      sizes.forEach((x, i) => {
        covariance += (x - meanSize) * ((ys[i] ?? Number.NaN) - meanY);
        variance += (x - meanSize) ** 2;
      });
      return (covariance / variance) * 1000;
    };
    const times = (key: Key) => (wall(last.runs[key]) / wall(first.runs[key])).toFixed(2);
    const describe = (key: Key) =>
      `${slope(key, wall).toFixed(1)} / ${slope(key, cpu).toFixed(1)} ms/op (${times(key)}×)`;
    const noSteeper = (of: (runs: Measure[]) => number) =>
      `cold ${verdict(slope('oursCold', of) <= slope('plainCold', of))}, warm ${verdict(slope('oursWarm', of) <= slope('plainWarm', of))}`;
    growthLine = `Growth over ${sizes.join(', ')} operations on GitHub's schema, as the time each added operation costs, wall / CPU (the slope of a straight line fitted through the medians at each size), and the ratio of the ${last.workload.operations.length}- and ${first.workload.operations.length}-operation walls: plain cold ${describe('plainCold')}, plain warm ${describe('plainWarm')}; admin-api codegen cold ${describe('oursCold')}, warm ${describe('oursWarm')}. Slope no steeper than plain's: wall ${noSteeper(wall)}; CPU ${noSteeper(cpu)}.`;
  }

  const markdown = `## Codegen at scale

The real Admin API schema with the vendor's operation for every root field (\`default-gqls.js\` of
\`@ikas/api-client\`), and GitHub's public schema (1,606 types) with generated operations, each
served by the emulator behind bearer auth. Plain = graphql-codegen with \`typescript-operations\` +
\`typescript-graphql-request\`; cold introspects with a static header, warm reads the SDL from a
local file. \`admin-api codegen\`: cold has no schema cache (token + introspection, then writes
the cache), warm has one. Median of ${REPEATS} runs, each a fresh process, in rounds that run every variant on every workload once; "× plain" is this ÷
plain at the same temperature (below 1 is better); peak = maximum resident set size.

${table(['workload', 'variant', 'wall s', '× plain', 'peak MiB', '× plain mem'], rows)}

The modules they write. tsc: CPU seconds (user + system) of \`tsc --noEmit\` with \`strict\`,
\`noUncheckedIndexedAccess\`, \`exactOptionalPropertyTypes\`, NodeNext resolution, \`skipLibCheck\`,
median of ${TSC_RUNS} rounds that check each file once in turn; "with imports" is the module as an app compiles it (TypeScript's lib and
the typings it imports included), "own" subtracts a file with only its import lines; "an empty
module" is \`export {};\` alone, what tsc costs before any module's imports. Neither plain
module compiles under these flags: one error per document from its \`import gql from 'graphql-tag'\`
(a CommonJS default import under NodeNext), and some from typescript-graphql-request's calls of
operations without variables; adding \`typescript\` also declares every schema type twice
(typescript-operations already prints them).

${table(['workload', 'module', 'bytes/op', '× plain', 'tsc CPU s with imports', '× plain', 'tsc CPU s own', '× plain', 'tsc errors'], outputRows)}

Targets: ${targets.join('; ')}.

${growthLine}

Where a warm \`admin-api codegen\` run's time goes (\`--timings\`, median ms; startup is Node and
our modules until \`codegen.ts\` is read): Node alone (\`node -e 0\`) takes
${(fixed.node * 1000).toFixed(0)} ms and \`graphql-codegen --version\` ${(fixed.graphqlCodegen * 1000).toFixed(0)} ms here.

${table(
  ['workload', 'phases (ms)'],
  profileRows.map(([name, ...parts]) => [name ?? '', parts.join(', ')]),
)}
`;
  return { title: 'codegen at scale', markdown };
}

runIfMain(import.meta.url, codegenScale);
