// CPU time of `tsc --noEmit` on one generated module, shared by the codegen benchmarks.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median } from './bench-report.js';

const run = promisify(execFile);
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** A type-check's cost: median CPU seconds of its runs, and the errors tsc reported. */
export interface TscCpu {
  seconds: number;
  errors: number;
}

/**
 * Median CPU seconds (user + system) and the error count of `tsc -p` on each of `files`
 * (relative to `dir`) alone, under `compilerOptions`, over `runs` rounds. Each round checks every
 * file once, in turn, so that drift in the machine's load lands on all of them alike. CPU rather
 * than wall time: on a shared machine a wall clock mostly measures the other processes.
 */
export async function tscCpuEach(
  dir: string,
  files: readonly string[],
  compilerOptions: Record<string, unknown>,
  runs: number,
): Promise<Map<string, TscCpu>> {
  const checks = files.map((file) => {
    const name = file.replace(/\W+/g, '-');
    const config = `tsconfig.${name}.json`;
    writeFileSync(join(dir, config), JSON.stringify({ compilerOptions, files: [file] }));
    return { file, config, cpu: join(dir, `.tsc-${name}`), seconds: [] as number[], errors: 0 };
  });
  for (let i = 0; i < runs; i++) {
    for (const check of checks) {
      const result = await run(
        '/usr/bin/time',
        ['-f', '%U %S', '-o', check.cpu, process.execPath, TSC, '-p', check.config],
        { cwd: dir, maxBuffer: 64 * 2 ** 20 },
      ).catch((error: { stdout: string }) => error);
      const [user, system] =
        readFileSync(check.cpu, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
      check.seconds.push((user ?? Number.NaN) + (system ?? Number.NaN));
      check.errors = (result.stdout.match(/error TS/g) ?? []).length;
    }
  }
  return new Map(
    checks.map(({ file, seconds, errors }) => [file, { seconds: median(seconds), errors }]),
  );
}

/** The import lines of a module alone: what tsc costs before the module's own declarations. */
export function importsOnly(module: string): string {
  return `${module
    .split('\n')
    .filter((line) => line.startsWith('import '))
    .join('\n')}\nexport {};\n`;
}
