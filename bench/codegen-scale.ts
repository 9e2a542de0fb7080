// Codegen at scale: `admin-api codegen` (cold: token + introspection; warm: schema cache) vs plain
// graphql-codegen with typescript-operations + typescript-graphql-request (cold: introspection
// with a static header; warm: the SDL from a local file), on the real Admin API schema with an
// operation for every root field and on GitHub's public schema, in one run.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requestToken } from '@admin-api/auth';
import { startEmulator } from '@admin-api/emulator';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';
import {
  adminApiWorkload,
  githubWorkload,
  sdlOf,
  type Workload,
  writeOperations,
} from './codegen-workloads.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const GITHUB_SIZES = (process.env.BENCH_CODEGEN_SIZES ?? '10,100,500').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_CODEGEN_REPEATS ?? 3);
const WORK = fileURLToPath(new URL('./.work/', import.meta.url));
const GRAPHQL_CODEGEN = join(require.resolve('@graphql-codegen/cli/package.json'), '../cjs/bin.js');
const ADMIN_API = join(
  dirname(require.resolve('@admin-api/codegen/package.json')),
  'bin/admin-api.js',
);
const TSC = require.resolve('typescript/bin/tsc');

interface Measure {
  wallS: number;
  peakMiB: number;
  output: string;
}

/** Runs a command under GNU time: wall seconds, peak resident memory, and what it printed. */
async function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Measure> {
  const out = join(cwd, '.time');
  const { stdout, stderr } = await run(
    '/usr/bin/time',
    ['-f', '%e %M', '-o', out, process.execPath, ...args],
    { cwd, env, maxBuffer: 64 * 2 ** 20 },
  );
  const [wall, rssKb] =
    readFileSync(out, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return {
    wallS: wall ?? Number.NaN,
    peakMiB: (rssKb ?? Number.NaN) / 1024,
    output: `${stdout}${stderr}`,
  };
}

async function typeCheck(cwd: string, file: string): Promise<{ seconds: number; errors: number }> {
  writeFileSync(
    join(cwd, `tsconfig.${file}.json`),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: [`out/${file}.ts`],
    }),
  );
  const started = performance.now();
  const result = await run(process.execPath, [TSC, '-p', `tsconfig.${file}.json`], {
    cwd,
    maxBuffer: 64 * 2 ** 20,
  }).catch((error: { stdout: string }) => error);
  return {
    seconds: (performance.now() - started) / 1000,
    errors: (result.stdout.match(/error TS/g) ?? []).length,
  };
}

const PLAIN_PLUGINS = "['typescript-operations', 'typescript-graphql-request']";
const PLAIN3_PLUGINS = "['typescript', 'typescript-operations', 'typescript-graphql-request']";

function writeConfigs(dir: string, workload: Workload): void {
  writeOperations(dir, workload.operations);
  writeFileSync(join(dir, 'plain-schema.graphql'), sdlOf(workload));
  writeFileSync(
    join(dir, 'ours.codegen.ts'),
    `import { defineConfig } from '@admin-api/codegen';
export default defineConfig({ documents: 'ops/*.graphql', output: 'out/ours.ts', schemaCache: 'schema.graphql', envFile: false });
`,
  );
  const plain = (schema: string, plugins: string, output: string) => `export default {
  schema: ${schema},
  documents: 'ops/*.graphql',
  generates: { 'out/${output}.ts': { plugins: ${plugins} } },
};
`;
  const url =
    "[{ [process.env.BENCH_ENDPOINT as string]: { headers: { Authorization: 'Bearer ' + process.env.BENCH_TOKEN } } }]";
  writeFileSync(join(dir, 'plain-cold.codegen.ts'), plain(url, PLAIN_PLUGINS, 'plain'));
  writeFileSync(
    join(dir, 'plain-warm.codegen.ts'),
    plain("'plain-schema.graphql'", PLAIN_PLUGINS, 'plain'),
  );
  writeFileSync(
    join(dir, 'plain3.codegen.ts'),
    plain("'plain-schema.graphql'", PLAIN3_PLUGINS, 'plain3'),
  );
}

/** `timings: startup 180 ms, config 40 ms, …` from `admin-api codegen --timings`. */
function phases(output: string): Record<string, number> {
  const line = output.split('\n').find((l) => l.startsWith('timings: '));
  return Object.fromEntries(
    (line?.slice('timings: '.length).split(', ') ?? []).map((part) => {
      const [name, ms] = part.split(' ');
      return [name ?? '?', Number(ms)];
    }),
  );
}

interface WorkloadResult {
  workload: Workload;
  runs: Record<'oursCold' | 'oursWarm' | 'plainCold' | 'plainWarm' | 'plain3Warm', Measure[]>;
  bytes: { ours: number; plain: number; plain3: number };
  tsc: {
    ours: { seconds: number; errors: number };
    plain: { seconds: number; errors: number };
    plain3: { seconds: number; errors: number };
  };
}

async function measureWorkload(workload: Workload): Promise<WorkloadResult> {
  const emulator = await startEmulator({ schema: workload.schema, rateLimit: false });
  try {
    const { accessToken } = await requestToken({
      authUrl: emulator.authUrl,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
    });
    const env = {
      ...process.env,
      ADMIN_API_AUTH_URL: emulator.authUrl,
      ADMIN_API_BASE_URL: emulator.baseUrl,
      ADMIN_API_CLIENT_ID: emulator.clientId,
      ADMIN_API_CLIENT_SECRET: emulator.clientSecret,
      BENCH_ENDPOINT: `${emulator.baseUrl}/api/v2/admin/graphql`,
      BENCH_TOKEN: accessToken,
    };
    const dir = join(WORK, `codegen-${workload.name.replace(' ', '-')}`);
    writeConfigs(dir, workload);
    const runs: WorkloadResult['runs'] = {
      oursCold: [],
      oursWarm: [],
      plainCold: [],
      plainWarm: [],
      plain3Warm: [],
    };
    const ours = [ADMIN_API, 'codegen', '--config', 'ours.codegen.ts', '--timings'];
    const plain = (config: string) => [GRAPHQL_CODEGEN, '--config', config, '--silent'];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      process.stderr.write(`codegen-scale: ${workload.name}, run ${repeat + 1}/${REPEATS}\n`);
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
    const size = (file: string) => statSync(join(dir, 'out', `${file}.ts`)).size;
    return {
      workload,
      runs,
      bytes: { ours: size('ours'), plain: size('plain'), plain3: size('plain3') },
      tsc: {
        ours: await typeCheck(dir, 'ours'),
        plain: await typeCheck(dir, 'plain'),
        plain3: await typeCheck(dir, 'plain3'),
      },
    };
  } finally {
    await emulator.close();
  }
}

const wall = (runs: Measure[]) => median(runs.map((r) => r.wallS));
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

export async function codegenScale(): Promise<BenchReport> {
  const workloads = [adminApiWorkload(), ...GITHUB_SIZES.map(githubWorkload)];
  const results: WorkloadResult[] = [];
  for (const workload of workloads) results.push(await measureWorkload(workload));
  const fixed = await fixedCosts();

  const rows: (string | number)[][] = [];
  const profileRows: (string | number)[][] = [];
  const targets: string[] = [];
  for (const { workload, runs, bytes, tsc } of results) {
    const ops = workload.operations.length;
    const row = (
      variant: string,
      measured: Measure[],
      baseline: Measure[],
      size: number,
      checked?: { seconds: number; errors: number },
    ) => [
      workload.name,
      variant,
      wall(measured).toFixed(2),
      (wall(measured) / wall(baseline)).toFixed(2),
      peak(measured).toFixed(0),
      (peak(measured) / peak(baseline)).toFixed(2),
      (size / ops).toFixed(0),
      checked ? checked.seconds.toFixed(2) : '',
      checked ? checked.errors : '',
    ];
    rows.push(
      row('plain, cold (introspection)', runs.plainCold, runs.plainCold, bytes.plain, tsc.plain),
      row('plain, warm (local SDL)', runs.plainWarm, runs.plainWarm, bytes.plain),
      row('plain + `typescript`, warm', runs.plain3Warm, runs.plainWarm, bytes.plain3, tsc.plain3),
      row('admin-api codegen, cold', runs.oursCold, runs.plainCold, bytes.ours, tsc.ours),
      row('admin-api codegen, warm', runs.oursWarm, runs.plainWarm, bytes.ours),
    );
    const warmRatio = wall(runs.oursWarm) / wall(runs.plainWarm);
    const coldRatio = wall(runs.oursCold) / wall(runs.plainCold);
    const memory = Math.max(
      peak(runs.oursWarm) / peak(runs.plainWarm),
      peak(runs.oursCold) / peak(runs.plainCold),
    );
    targets.push(
      `${workload.name}: warm ${warmRatio.toFixed(2)}× (≤ 0.5: ${warmRatio <= 0.5 ? 'met' : 'not met'}), cold ${coldRatio.toFixed(2)}× (≤ 1.0: ${coldRatio <= 1 ? 'met' : 'not met'}), peak memory ≤ ${memory.toFixed(2)}× (≤ 1.0: ${memory <= 1 ? 'met' : 'not met'})`,
    );
    const warmPhases = runs.oursWarm.map((r) => phases(r.output));
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
  const growth = (key: keyof WorkloadResult['runs']) =>
    first && last ? wall(last.runs[key]) / wall(first.runs[key]) : Number.NaN;
  const growthLine =
    first && last
      ? `Growth from ${first.workload.operations.length} to ${last.workload.operations.length} operations on GitHub's schema (wall time ×): plain cold ${growth('plainCold').toFixed(2)}, plain warm ${growth('plainWarm').toFixed(2)}; admin-api codegen cold ${growth('oursCold').toFixed(2)}, warm ${growth('oursWarm').toFixed(2)} (no steeper than plain's: cold ${growth('oursCold') <= growth('plainCold') ? 'met' : 'not met'}, warm ${growth('oursWarm') <= growth('plainWarm') ? 'met' : 'not met'}).`
      : '';

  const markdown = `## Codegen at scale

The real Admin API schema with the vendor's operation for every root field (\`default-gqls.js\` of
\`@ikas/api-client\`), and GitHub's public schema (1,606 types) with generated operations, each
served by the emulator behind bearer auth. Plain = graphql-codegen with \`typescript-operations\` +
\`typescript-graphql-request\` (the setup that compiles); cold introspects with a static header,
warm reads the SDL from a local file. \`admin-api codegen\`: cold has no schema cache (token +
introspection), warm has one; it runs with the **stand-in generator** (graphql-codegen's plugins in
a worker thread) until our own generator lands. Median of ${REPEATS} runs, each a fresh process;
"× plain" is this ÷ plain at the same temperature (below 1 is better). tsc: \`--noEmit --strict\` on
the output alone.

${table(['workload', 'variant', 'wall s', '× plain', 'peak MiB', '× plain mem', 'bytes/op', 'tsc s', 'tsc errors'], rows)}

Targets: ${targets.join('; ')}.

${growthLine}

Where a warm \`admin-api codegen\` run's time goes (\`--timings\`, median ms; startup is Node and
our modules until \`codegen.ts\` is read; generate is the stand-in): Node alone (\`node -e 0\`) takes
${(fixed.node * 1000).toFixed(0)} ms and \`graphql-codegen --version\` ${(fixed.graphqlCodegen * 1000).toFixed(0)} ms here.

${table(
  ['workload', 'phases (ms)'],
  profileRows.map(([name, ...parts]) => [name ?? '', parts.join(', ')]),
)}
`;
  return { title: 'codegen at scale', markdown };
}

runIfMain(import.meta.url, codegenScale);
