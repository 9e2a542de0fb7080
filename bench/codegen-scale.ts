// Codegen at scale: our preset (cold: token + introspection; warm: schema cache) vs plain
// graphql-codegen introspecting with a static header, in one run, on two schemas served by the
// emulator behind bearer auth: GitHub's public schema (10 to 500 generated operations) and the
// Admin API itself (an operation for each of its 132 root fields).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requestToken } from '@admin-api/auth';
import { adminApiSchema, type Emulator, startEmulator } from '@admin-api/emulator';
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { adminApiOperationFiles } from '../packages/codegen/test/admin-api-operations.js';
import { operationsFor } from '../packages/codegen/test/large-schema-operations.js';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const SIZES = (process.env.BENCH_CODEGEN_SIZES ?? '10,100,500').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_CODEGEN_REPEATS ?? 3);
const ADMIN_API_REPEATS = Number(process.env.BENCH_CODEGEN_ADMIN_API_REPEATS ?? 5);
const WORK = fileURLToPath(new URL('./.work/', import.meta.url));
const CODEGEN_BIN = join(require.resolve('@graphql-codegen/cli/package.json'), '../cjs/bin.js');
const TSC = require.resolve('typescript/bin/tsc');

interface Measure {
  wallS: number;
  peakMiB: number;
}

interface TscMeasure {
  seconds: number;
  errors: number;
}

/** Runs a command under GNU time: wall seconds and peak resident memory of the process. */
async function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Measure> {
  const out = join(cwd, '.time');
  await run('/usr/bin/time', ['-f', '%e %M', '-o', out, process.execPath, ...args], {
    cwd,
    env,
    maxBuffer: 64 * 2 ** 20,
  });
  const [wall, rssKb] =
    readFileSync(out, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return { wallS: wall ?? Number.NaN, peakMiB: (rssKb ?? Number.NaN) / 1024 };
}

/**
 * `tsc --noEmit --strict` on one output file alone: time and number of errors. Bundler
 * resolution: under NodeNext, graphql-tag's types make the `gql` that plain output imports
 * uncallable, an error of the setup, not of the generated code.
 */
async function typeCheck(cwd: string, file: string): Promise<TscMeasure> {
  writeFileSync(
    join(cwd, `tsconfig.${file}.json`),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
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

/** One way of generating: its codegen config file and the output it writes (`out/<name>.ts`). */
interface Variant {
  label: string;
  config: string;
  output: string;
  /** Remove the schema cache before each run (our cold start). */
  cold?: boolean;
}

interface VariantResult {
  variant: Variant;
  runs: Measure[];
  bytes: number;
  tsc: TscMeasure[];
}

const OURS_CONFIG = `import { defineConfig } from '@admin-api/codegen';
export default defineConfig({ documents: 'ops/*.graphql', output: 'out/ours.ts', schemaCache: 'schema.graphql', envFile: false, logger: { info() {}, warn: console.warn } });
`;

const plainConfig = (output: string, plugins: string[]) => `export default {
  schema: [{ [process.env.BENCH_ENDPOINT as string]: { headers: { Authorization: \`Bearer \${process.env.BENCH_TOKEN}\` } } }],
  documents: 'ops/*.graphql',
  generates: { 'out/${output}.ts': { plugins: ${JSON.stringify(plugins)} } },
};
`;

const OURS_COLD: Variant = {
  label: '@admin-api/codegen cold',
  config: 'ours.codegen.ts',
  output: 'ours',
  cold: true,
};
const OURS_WARM: Variant = {
  label: '@admin-api/codegen warm',
  config: 'ours.codegen.ts',
  output: 'ours',
};

/**
 * Writes the documents and configs into `dir`, then runs every variant `repeats` times, in
 * rotation (so drift on a shared machine spreads over all of them), each run a fresh
 * `graphql-codegen` process; then type-checks each distinct output `repeats` times.
 */
async function measure(
  dir: string,
  documents: Record<string, string>,
  plain: { variant: Variant; plugins: string[] }[],
  env: NodeJS.ProcessEnv,
  repeats: number,
  progress: string,
): Promise<VariantResult[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'ops'), { recursive: true });
  for (const [name, source] of Object.entries(documents))
    writeFileSync(join(dir, 'ops', name), source);
  writeFileSync(join(dir, 'ours.codegen.ts'), OURS_CONFIG);
  for (const { variant, plugins } of plain)
    writeFileSync(join(dir, variant.config), plainConfig(variant.output, plugins));
  const variants = [...plain.map((p) => p.variant), OURS_COLD, OURS_WARM];
  const runs = new Map<Variant, Measure[]>(variants.map((v) => [v, []]));
  for (let repeat = 0; repeat < repeats; repeat++) {
    process.stderr.write(`codegen-scale: ${progress}, run ${repeat + 1}/${repeats}\n`);
    for (const variant of variants) {
      if (variant.cold) rmSync(join(dir, 'schema.graphql'), { force: true });
      runs
        .get(variant)
        ?.push(await timed([CODEGEN_BIN, '--config', variant.config, '--silent'], dir, env));
    }
  }
  const tsc = new Map<string, TscMeasure[]>();
  for (const output of new Set(variants.map((v) => v.output))) {
    const checks: TscMeasure[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) checks.push(await typeCheck(dir, output));
    tsc.set(output, checks);
  }
  return variants.map((variant) => ({
    variant,
    runs: runs.get(variant) ?? [],
    bytes: statSync(join(dir, `out/${variant.output}.ts`)).size,
    tsc: tsc.get(variant.output) ?? [],
  }));
}

const medianOf = <T>(xs: readonly T[], pick: (x: T) => number) => median(xs.map(pick));

/** Table rows: the first result is the baseline of "speed-up"; a warm run shares cold's output and tsc. */
function rows(operations: number, results: VariantResult[]): (string | number)[][] {
  const baseline = medianOf(results[0]?.runs ?? [], (r) => r.wallS);
  return results.map(({ variant, runs, bytes, tsc }) => {
    const wall = medianOf(runs, (r) => r.wallS);
    const sharesOutput = variant === OURS_WARM;
    return [
      operations,
      variant.label,
      wall.toFixed(2),
      (baseline / wall).toFixed(2),
      medianOf(runs, (r) => r.peakMiB).toFixed(0),
      (bytes / operations).toFixed(0),
      sharesOutput ? '' : medianOf(tsc, (t) => t.seconds).toFixed(2),
      sharesOutput ? '' : (tsc[0]?.errors ?? ''),
    ];
  });
}

const HEADER = [
  'operations',
  'variant',
  'wall s',
  'speed-up vs plain',
  'peak MiB',
  'bytes/op',
  'tsc s',
  'tsc errors',
];

/** The emulator serving `schema` (the Admin API when absent), a token, and the environment for codegen. */
async function serve(
  schema?: GraphQLSchema,
): Promise<{ emulator: Emulator; env: NodeJS.ProcessEnv }> {
  const emulator = await startEmulator({ ...(schema ? { schema } : {}), rateLimit: false });
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
  return { emulator, env };
}

const PLAIN_WITH_TYPESCRIPT: Variant = {
  label: 'plain graphql-codegen',
  config: 'plain.codegen.ts',
  output: 'plain',
};

async function githubSection(): Promise<string> {
  const introspection = githubSchema.json as unknown as
    | IntrospectionQuery
    | { data: IntrospectionQuery };
  const schema = buildClientSchema('data' in introspection ? introspection.data : introspection);
  const { emulator, env } = await serve(schema);
  const tableRows: (string | number)[][] = [];
  const summary: Record<number, { cold: number; warm: number; plain: number }> = {};
  try {
    for (const size of SIZES) {
      const documents = Object.fromEntries(
        operationsFor(schema, size).map((op, i) => [
          `op${String(i).padStart(3, '0')}.graphql`,
          `${op}\n`,
        ]),
      );
      const results = await measure(
        join(WORK, `codegen-${size}`),
        documents,
        [
          {
            variant: PLAIN_WITH_TYPESCRIPT,
            plugins: ['typescript', 'typescript-operations', 'typescript-graphql-request'],
          },
        ],
        env,
        REPEATS,
        `GitHub schema, ${size} operations`,
      );
      const wall = (variant: Variant) =>
        medianOf(results.find((r) => r.variant === variant)?.runs ?? [], (r) => r.wallS);
      summary[size] = {
        cold: wall(OURS_COLD),
        warm: wall(OURS_WARM),
        plain: wall(PLAIN_WITH_TYPESCRIPT),
      };
      tableRows.push(...rows(size, results));
    }
  } finally {
    await emulator.close();
  }
  const first = SIZES[0] as number;
  const last = SIZES.at(-1) as number;
  const growth = (key: 'cold' | 'warm' | 'plain') =>
    ((summary[last]?.[key] ?? 0) / (summary[first]?.[key] ?? 1)).toFixed(2);
  return `## Codegen at scale

GitHub's public schema (${Object.keys(schema.getTypeMap()).length} types, from \`@octokit/graphql-schema\`) served by the emulator
behind bearer auth. Plain = \`typescript\` + \`typescript-operations\` + \`typescript-graphql-request\`
introspecting with a static \`Authorization\` header. Cold = no schema cache (token + introspection);
warm = schema cache present. Median of ${REPEATS} runs each, the variants in rotation; each run is a fresh \`graphql-codegen\` process.
"speed-up" is plain wall time ÷ this wall time (above 1 is faster than plain). tsc: \`--noEmit --strict\` (bundler resolution) on the output alone, median of ${REPEATS}.

${table(HEADER, tableRows)}

Growth from ${first} to ${last} operations (wall time ×): plain ${growth('plain')}, cold ${growth('cold')}, warm ${growth('warm')}.
`;
}

async function adminApiSection(): Promise<string> {
  const files = adminApiOperationFiles();
  const operations = Object.keys(files).length - 1; // fragments.graphql holds no operation
  const fragments = (files['fragments.graphql']?.match(/^fragment /gm) ?? []).length;
  const { emulator, env } = await serve();
  const plain: Variant = {
    label: 'plain graphql-codegen',
    config: 'plain-operations.codegen.ts',
    output: 'plain-operations',
  };
  const withTypescript: Variant = {
    label: 'plain + `typescript` plugin',
    config: 'plain.codegen.ts',
    output: 'plain',
  };
  let results: VariantResult[];
  try {
    results = await measure(
      join(WORK, 'codegen-admin-api'),
      files,
      [
        { variant: plain, plugins: ['typescript-operations', 'typescript-graphql-request'] },
        {
          variant: withTypescript,
          plugins: ['typescript', 'typescript-operations', 'typescript-graphql-request'],
        },
      ],
      env,
      ADMIN_API_REPEATS,
      `Admin API, ${operations} operations`,
    );
  } finally {
    await emulator.close();
  }
  const schema = adminApiSchema();
  return `## Codegen on the Admin API

The Admin API schema (${Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__')).length} types, imported from \`@ikas/api-client\`) served by the emulator behind bearer auth, with
an operation for each of its ${operations} root fields: the vendor's default operations, with ${fragments} shared fragments and
list-of-enum filters (\`packages/codegen/test/admin-api-operations.ts\`). Plain = \`typescript-operations\` +
\`typescript-graphql-request\`, the plain setup whose output compiles; "plain + \`typescript\` plugin" is the
older setup (as in the GitHub table), whose \`typescript\` output does not compile next to
\`typescript-operations\` 6 (see its tsc errors). Median of ${ADMIN_API_REPEATS} runs each, the variants in rotation, on a shared
2-core machine, so expect ±10% between runs. "speed-up" is plain wall time ÷ this wall time; tsc as above, median of ${ADMIN_API_REPEATS}.

${table(HEADER, rows(operations, results))}
`;
}

export async function codegenScale(): Promise<BenchReport> {
  const github = await githubSection();
  const adminApi = await adminApiSection();
  return { title: 'codegen at scale', markdown: `${github}\n${adminApi}` };
}

runIfMain(import.meta.url, codegenScale);
