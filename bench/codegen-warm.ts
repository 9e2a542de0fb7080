// A warm `admin-api codegen` (the schema cache present) on the real Admin API schema with the
// vendor's operation for each of its 132 root fields, as fresh processes: wall time, the
// `--timings` phases, and `node -e 0` in the same rounds. Two runs of ours: with nothing changed
// since the last run, and right after one document changed.
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeSchemaCache } from '@admin-api/codegen';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';
import {
  ADMIN_API,
  adminApiWorkload,
  OURS_CONFIG,
  operationPath,
  sdlOf,
  timingPhases,
  writeOperations,
} from './codegen-workloads.js';

const run = promisify(execFile);
const WORK = fileURLToPath(new URL('./.work/codegen-warm/', import.meta.url));
const RUNS = Number(process.env.BENCH_CODEGEN_WARM_RUNS ?? 9);
/**
 * Another build of `@admin-api/codegen` to run in the same rounds (before/after): a folder with its
 * `package.json`, `bin/` and `dist/`, whose dependencies resolve from it (link its `node_modules` to
 * `packages/codegen/node_modules`).
 */
const BASELINE = process.env.BENCH_CODEGEN_WARM_BASELINE;
const TARGET_MS = 400;

interface Variant {
  readonly name: string;
  /** Runs before each measured run: deletes the module, or edits a document. */
  readonly prepare: () => void;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly walls: number[];
  readonly phases: Record<string, number>[];
}

/** A copy of the workload whose `@admin-api/codegen` is `pkg`, so `codegen.ts` imports that one. */
function workloadDir(name: string, pkg: string | undefined): string {
  const dir = join(WORK, name);
  const workload = adminApiWorkload();
  writeOperations(dir, workload.operations);
  writeFileSync(join(dir, 'ours.codegen.ts'), OURS_CONFIG);
  writeSchemaCache(join(dir, 'schema.graphql'), sdlOf(workload), 'http://127.0.0.1/bench');
  if (pkg) {
    mkdirSync(join(dir, 'node_modules/@admin-api'), { recursive: true });
    symlinkSync(resolve(pkg), join(dir, 'node_modules/@admin-api/codegen'), 'dir');
  }
  return dir;
}

/** A warm run of `bin` in `dir` (its module deleted first, so each run writes it), and a run after an edit. */
function variantsFor(label: string, bin: string, dir: string): Variant[] {
  const args = [bin, 'codegen', '--config', 'ours.codegen.ts', '--timings'];
  const edited = join(dir, operationPath(0));
  const original = readFileSync(edited, 'utf8');
  let edits = 0;
  return [
    {
      name: `${label}, nothing changed`,
      prepare: () => rmSync(join(dir, 'out/ours.ts'), { force: true }),
      args,
      cwd: dir,
      walls: [],
      phases: [],
    },
    {
      name: `${label}, one document changed`,
      // A trailing comment line more or less: the file differs from the last run's, the module not.
      prepare: () => {
        edits++;
        if (edits % 2 === 1) appendFileSync(edited, `# edit ${edits}\n`);
        else writeFileSync(edited, original);
      },
      args,
      cwd: dir,
      walls: [],
      phases: [],
    },
  ];
}

async function measure(variant: Variant): Promise<void> {
  variant.prepare();
  const started = performance.now();
  const { stdout, stderr } = await run(process.execPath, [...variant.args], {
    cwd: variant.cwd,
    maxBuffer: 64 * 2 ** 20,
  });
  variant.walls.push(performance.now() - started);
  if (variant.args.length > 2) {
    if (!stdout.includes('✔')) throw new Error(`${variant.name} failed:\n${stdout}${stderr}`);
    variant.phases.push(timingPhases(stderr));
  }
}

const load = () => loadavg()[0]?.toFixed(1) ?? '?';

export async function codegenWarm(): Promise<BenchReport> {
  rmSync(WORK, { recursive: true, force: true });
  const node: Variant = {
    name: '`node -e 0`',
    prepare: () => {},
    args: ['-e', '0'],
    cwd: WORK,
    walls: [],
    phases: [],
  };
  const variants = [
    node,
    ...variantsFor('admin-api codegen', ADMIN_API, workloadDir('ours', undefined)),
  ];
  if (BASELINE) {
    const bin = join(resolve(BASELINE), 'bin/admin-api.js');
    variants.push(...variantsFor('baseline', bin, workloadDir('baseline', BASELINE)));
  }
  const loadBefore = load();
  // One unmeasured run each: the schema cache is read once, and any cache of ours is written.
  for (const variant of variants) await measure(variant);
  for (const variant of variants) {
    variant.walls.length = 0;
    variant.phases.length = 0;
  }
  for (let round = 0; round < RUNS; round++) {
    process.stderr.write(`codegen-warm: round ${round + 1}/${RUNS}, load ${load()}\n`);
    // Rotated each round, so that drift in the machine's load lands on every variant alike.
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(round + i) % variants.length];
      if (variant) await measure(variant);
    }
  }
  const loadAfter = load();

  const nodeMs = median(node.walls);
  const rows = variants.map((variant) => {
    const wall = median(variant.walls);
    const names = [...new Set(variant.phases.flatMap((p) => Object.keys(p)))];
    const phases = names
      .map((name) => `${name} ${median(variant.phases.map((p) => p[name] ?? 0)).toFixed(0)}`)
      .join(', ');
    return [variant.name, wall.toFixed(0), (wall / nodeMs).toFixed(2), phases];
  });
  const warm = median(variants[1]?.walls ?? []);
  const verdict = warm <= TARGET_MS ? 'met' : 'not met';
  const before = BASELINE ? median(variants[3]?.walls ?? []) : undefined;
  const baselineNote = BASELINE
    ? ` "baseline" is the build of the package in \`${BASELINE}\`, run in the same rounds.`
    : '';
  const versus =
    before === undefined
      ? ''
      : `, ${(warm / before).toFixed(2)}× the baseline's ${before.toFixed(0)} ms`;
  const markdown = `## Warm codegen

A warm \`admin-api codegen\` on the real Admin API schema with the vendor's operation for each of
its 132 root fields (\`default-gqls.js\` of \`@ikas/api-client\`), the schema cache present:
"nothing changed" runs again on the same documents (the module deleted before each run, so each
writes it), "one document changed" runs after a comment line was added to or removed from one
document. Median of ${RUNS} fresh processes each, in rounds that run every variant once, in an order
rotated each round; wall from spawn to exit, as the benchmark sees it; phases from
\`--timings\` (median ms). Node ${process.version}; 1-minute load average ${loadBefore} before,
${loadAfter} after.${baselineNote}

${table(['variant', 'wall ms', '× `node -e 0`', 'phases (ms)'], rows)}

Target: nothing changed ≤ ${TARGET_MS} ms wall: ${warm.toFixed(0)} ms (${verdict}), ${(warm / nodeMs).toFixed(2)}× \`node -e 0\`${versus}.
`;
  return { title: 'warm codegen', markdown };
}

runIfMain(import.meta.url, codegenWarm);
