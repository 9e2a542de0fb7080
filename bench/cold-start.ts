// Cold start: a fresh Node process that makes one `getMe()` through `createAdminClientFromEnv()`
// and a generated `getSdk`, against a plain script that does the token request and the GraphQL
// call with `fetch`, both against the emulator; and the kit's script bundled into one file with
// esbuild, as a serverless deployment ships it. Each run is a fresh process; every round runs
// each script once, in an order rotated from round to round, after one unmeasured run of each.
// Imports the built packages: build first (`pnpm -r --filter "./packages/*" run build`).
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from '@admin-api/emulator';
import { emulatorEnv } from '@admin-api/emulator/testing';
import { buildSync, transformSync } from 'esbuild';
import { basicExampleModule } from '../test/basic-example-module.js';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';

const RUNS = Number(process.env.BENCH_COLD_START_RUNS ?? 10);
const WORK = fileURLToPath(new URL('./.work/cold-start/', import.meta.url));

/** The last line each script prints: its own CPU time, from the start of the process. */
const REPORT_CPU = `process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeSync(1, \`\${JSON.stringify({ cpuMs: (user + system) / 1000 })}\\n\`);
});`;

const KIT_SCRIPT = `import { writeSync } from 'node:fs';
import { createAdminClientFromEnv } from '@admin-api/client';
import { getSdk } from './admin-api.js';
${REPORT_CPU}
const { me } = await getSdk(createAdminClientFromEnv()).getMe();
if (!me?.id) throw new Error('no me.id');
`;

const PLAIN_SCRIPT = `import { writeSync } from 'node:fs';
${REPORT_CPU}
const env = process.env;
const token = await fetch(\`\${env.ADMIN_API_AUTH_URL}/api/admin/oauth/token\`, {
  method: 'POST',
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: env.ADMIN_API_CLIENT_ID,
    client_secret: env.ADMIN_API_CLIENT_SECRET,
  }),
});
if (!token.ok) throw new Error(\`token: \${token.status}\`);
const { access_token } = await token.json();
const answer = await fetch(\`\${env.ADMIN_API_BASE_URL}/api/v2/admin/graphql\`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: \`Bearer \${access_token}\` },
  body: JSON.stringify({ query: 'query GetMe{me{id name email scopes addedDate}}', operationName: 'GetMe' }),
});
const { data } = await answer.json();
if (!data?.me?.id) throw new Error('no me.id');
`;

const SCRIPTS = ['kit', 'plain', 'bundled'] as const;
type Script = (typeof SCRIPTS)[number];

interface Run {
  wallMs: number;
  cpuMs: number;
}

/**
 * Writes the scripts, and the generated module as JavaScript (types stripped), where Node
 * resolves `@admin-api/client` to bench's dependency, the built package.
 */
async function writeScripts(): Promise<Record<Script, string>> {
  mkdirSync(WORK, { recursive: true });
  const generated = await basicExampleModule();
  writeFileSync(join(WORK, 'admin-api.js'), transformSync(generated, { loader: 'ts' }).code);
  writeFileSync(join(WORK, 'package.json'), '{ "type": "module" }\n');
  const kit = join(WORK, 'kit.js');
  const plain = join(WORK, 'plain.js');
  writeFileSync(kit, KIT_SCRIPT);
  writeFileSync(plain, PLAIN_SCRIPT);
  const bundled = join(WORK, 'kit.bundled.js');
  buildSync({
    entryPoints: [kit],
    outfile: bundled,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
  });
  return { kit, bundled, plain };
}

async function runOnce(file: string, env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  // cwd has no .env, so the kit reads the variables given here alone.
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: WORK,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const wallMs = performance.now() - started;
  const { cpuMs } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { cpuMs: number };
  return { wallMs, cpuMs };
}

export async function coldStart(): Promise<BenchReport> {
  const files = await writeScripts();
  // Neither the limit nor the error blocks are measured here.
  const emulator = await startEmulator({ rateLimit: false, errorBlocks: false });
  const runs: Record<Script, Run[]> = { kit: [], bundled: [], plain: [] };
  try {
    const env = emulatorEnv(emulator);
    // One unmeasured run of each warms the file system cache and the emulator.
    for (const file of Object.values(files)) await runOnce(file, env);
    for (let round = 0; round < RUNS; round++) {
      // Each round runs every script once, the order rotated: each goes first as often.
      const order = SCRIPTS.map((_, i) => SCRIPTS[(round + i) % SCRIPTS.length] as Script);
      for (const script of order) runs[script].push(await runOnce(files[script], env));
      process.stderr.write(`cold start: round ${round + 1} of ${RUNS}\n`);
    }
  } finally {
    await emulator.close();
  }
  const wall = (script: Script) => median(runs[script].map((r) => r.wallMs));
  const cpu = (script: Script) => median(runs[script].map((r) => r.cpuMs));
  const label: Record<Script, string> = {
    plain: 'plain `fetch`: token request + GraphQL call',
    kit: '`createAdminClientFromEnv()` + `getSdk(client).getMe()`',
    bundled: 'the same, bundled into one file (esbuild `--bundle --minify`)',
  };
  const rows = (['plain', 'kit', 'bundled'] as const).map((script) => [
    label[script],
    wall(script).toFixed(0),
    (wall(script) / wall('plain')).toFixed(2),
    cpu(script).toFixed(0),
    (cpu(script) / cpu('plain')).toFixed(2),
  ]);
  const ratio = wall('kit') / wall('plain');
  const markdown = `## Cold start

A fresh \`node\` process that makes one \`getMe()\` against the emulator (in the bench's process,
over loopback), ${RUNS} runs per script, every round running each script once in an order rotated
from round to round; medians. Wall: from spawn to exit, seen by the parent; CPU: user + system of
the child, from \`process.cpuUsage()\` at exit. The kit's script imports the built
\`@admin-api/client\` and the module codegen generates for \`examples/basic\`, as an app does
without a bundler; the bundled one is that script with everything it imports in one file.

${table(['script', 'wall ms', '× plain', 'CPU ms', '× plain'], rows)}

Target: wall ≤ 1.15× plain, unbundled (${ratio.toFixed(2)}×: ${ratio <= 1.15 ? 'met' : 'not met'}).
`;
  return { title: 'cold start', markdown };
}

runIfMain(import.meta.url, coldStart);
