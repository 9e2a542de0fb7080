// Codegen at scale: our preset (cold: token + introspection; warm: schema cache) vs plain
// graphql-codegen (typescript + typescript-operations + typescript-graphql-request, introspecting
// with a static header), on GitHub's public schema served behind bearer auth, in one run.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requestToken } from '@admin-api/auth';
import { startEmulator } from '@admin-api/emulator';
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type IntrospectionQuery } from 'graphql';
import { operationsFor } from '../packages/codegen/test/large-schema-operations.js';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const SIZES = (process.env.BENCH_CODEGEN_SIZES ?? '10,100,500').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_CODEGEN_REPEATS ?? 3);
const WORK = fileURLToPath(new URL('./.work/', import.meta.url));
const CODEGEN_BIN = join(require.resolve('@graphql-codegen/cli/package.json'), '../cjs/bin.js');
const TSC = require.resolve('typescript/bin/tsc');

interface Measure {
  wallS: number;
  peakMiB: number;
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

export async function codegenScale(): Promise<BenchReport> {
  const introspection = githubSchema.json as unknown as
    | IntrospectionQuery
    | { data: IntrospectionQuery };
  const schema = buildClientSchema('data' in introspection ? introspection.data : introspection);
  const emulator = await startEmulator({ schema, rateLimit: false });
  const endpoint = `${emulator.baseUrl}/api/v2/admin/graphql`;
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
    BENCH_ENDPOINT: endpoint,
    BENCH_TOKEN: accessToken,
  };
  const rows: (string | number)[][] = [];
  const summary: Record<number, { cold: number; warm: number; plain: number }> = {};
  try {
    for (const size of SIZES) {
      const dir = join(WORK, `codegen-${size}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, 'ops'), { recursive: true });
      operationsFor(schema, size).forEach((op, i) => {
        writeFileSync(join(dir, 'ops', `op${String(i).padStart(3, '0')}.graphql`), `${op}\n`);
      });
      writeFileSync(
        join(dir, 'ours.codegen.ts'),
        `import { defineConfig } from '@admin-api/codegen';
export default defineConfig({ documents: 'ops/*.graphql', output: 'out/ours.ts', schemaCache: 'schema.graphql', envFile: false, logger: { info() {}, warn: console.warn } });
`,
      );
      writeFileSync(
        join(dir, 'plain.codegen.ts'),
        `export default {
  schema: [{ [process.env.BENCH_ENDPOINT as string]: { headers: { Authorization: \`Bearer \${process.env.BENCH_TOKEN}\` } } }],
  documents: 'ops/*.graphql',
  generates: { 'out/plain.ts': { plugins: ['typescript', 'typescript-operations', 'typescript-graphql-request'] } },
};
`,
      );
      const cold: Measure[] = [];
      const warm: Measure[] = [];
      const plain: Measure[] = [];
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        process.stderr.write(`codegen-scale: ${size} operations, run ${repeat + 1}/${REPEATS}\n`);
        rmSync(join(dir, 'schema.graphql'), { force: true });
        cold.push(await timed([CODEGEN_BIN, '--config', 'ours.codegen.ts', '--silent'], dir, env));
        warm.push(await timed([CODEGEN_BIN, '--config', 'ours.codegen.ts', '--silent'], dir, env));
        plain.push(
          await timed([CODEGEN_BIN, '--config', 'plain.codegen.ts', '--silent'], dir, env),
        );
      }
      const oursBytes = statSync(join(dir, 'out/ours.ts')).size;
      const plainBytes = statSync(join(dir, 'out/plain.ts')).size;
      const oursTsc = await typeCheck(dir, 'ours');
      const plainTsc = await typeCheck(dir, 'plain');
      const m = (xs: Measure[], key: keyof Measure) => median(xs.map((x) => x[key]));
      summary[size] = { cold: m(cold, 'wallS'), warm: m(warm, 'wallS'), plain: m(plain, 'wallS') };
      const row = (
        variant: string,
        runs: Measure[],
        bytes: number,
        tsc?: { seconds: number; errors: number },
      ) => [
        size,
        variant,
        m(runs, 'wallS').toFixed(2),
        (m(plain, 'wallS') / m(runs, 'wallS')).toFixed(2),
        m(runs, 'peakMiB').toFixed(0),
        (bytes / size).toFixed(0),
        tsc ? tsc.seconds.toFixed(2) : '',
        tsc ? tsc.errors : '',
      ];
      rows.push(
        row('plain graphql-codegen', plain, plainBytes, plainTsc),
        row('@admin-api/codegen cold', cold, oursBytes, oursTsc),
        // Same output as cold, so its tsc figures are cold's.
        row('@admin-api/codegen warm', warm, oursBytes),
      );
    }
  } finally {
    await emulator.close();
  }
  const first = SIZES[0] as number;
  const last = SIZES.at(-1) as number;
  const growth = (key: 'cold' | 'warm' | 'plain') =>
    ((summary[last]?.[key] ?? 0) / (summary[first]?.[key] ?? 1)).toFixed(2);
  const markdown = `## Codegen at scale

GitHub's public schema (${Object.keys(schema.getTypeMap()).length} types, from \`@octokit/graphql-schema\`) served by the emulator
behind bearer auth. Plain = \`typescript\` + \`typescript-operations\` + \`typescript-graphql-request\`
introspecting with a static \`Authorization\` header. Cold = no schema cache (token + introspection);
warm = schema cache present. Median of ${REPEATS} runs each; each run is a fresh \`graphql-codegen\` process.
"speed-up" is plain wall time ÷ this wall time (above 1 is faster than plain). tsc: \`--noEmit --strict\` on the output alone.

${table(['operations', 'variant', 'wall s', 'speed-up vs plain', 'peak MiB', 'bytes/op', 'tsc s', 'tsc errors'], rows)}

Growth from ${first} to ${last} operations (wall time ×): plain ${growth('plain')}, cold ${growth('cold')}, warm ${growth('warm')}.
`;
  return { title: 'codegen at scale', markdown };
}

runIfMain(import.meta.url, codegenScale);
