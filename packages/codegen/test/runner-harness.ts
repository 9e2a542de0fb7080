import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import type { RunnerIo } from '../src/runner/runner-io.js';
import { writeSchemaCache } from '../src/schema/schema-cache.js';
import { useProject } from './codegen-harness.js';

const codegenDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** What `admin-api codegen` printed, and a way to wait for a line. */
export interface CapturedIo extends RunnerIo {
  /** Everything, in order, stdout and stderr together. */
  readonly lines: string[];
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the first line from now on that matches. */
  next(pattern: RegExp): Promise<string>;
}

const plainStyle = {
  error: (text: string) => text,
  warning: (text: string) => text,
  success: (text: string) => text,
  dim: (text: string) => text,
};

export function captureIo(): CapturedIo {
  const lines: string[] = [];
  const stdout: string[] = [];
  const stderr: string[] = [];
  let waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const push = (target: string[]) => (line: string) => {
    lines.push(line);
    target.push(line);
    const matched = waiters.filter((waiter) => waiter.pattern.test(line));
    waiters = waiters.filter((waiter) => !matched.includes(waiter));
    for (const waiter of matched) waiter.resolve(line);
  };
  return {
    lines,
    stdout,
    stderr,
    out: push(stdout),
    err: push(stderr),
    outStyle: plainStyle,
    errStyle: plainStyle,
    next: (pattern) => new Promise((resolve) => waiters.push({ pattern, resolve })),
  };
}

/** Writes the real Admin API schema as a schema cache, as `admin-api schema pull` would. */
export function writeAdminApiCache(path: string, sdl = adminApiSchemaSdl()): void {
  writeSchemaCache(path, sdl, 'https://api.myikas.com/api/v2/admin/graphql');
}

/**
 * A consumer project in a temporary folder (removed after each test) with the real schema cached
 * and a `codegen.ts` that calls the built `defineConfig` with `options` (TypeScript source text).
 */
export function useRunnerProject() {
  const project = useProject();
  return (
    files: Record<string, string>,
    options = "documents: ['src/**/*.graphql', 'src/**/*.ts']",
  ): string => {
    if (!existsSync(codegenDist)) {
      throw new Error('Run `pnpm build` first: codegen.ts imports the built package.');
    }
    const dir = project({
      'codegen.ts': `import { defineConfig } from ${JSON.stringify(codegenDist)};
const output: string = 'src/generated/admin-api.ts';
export default defineConfig({ ${options}, output, envFile: false });
`,
      ...files,
    });
    writeAdminApiCache(join(dir, 'admin-api.schema.graphql'));
    return dir;
  };
}

/** Runs `fn` with `dir` as the working directory, as `admin-api` runs in the project's root. */
export async function inDirectory<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const previous = process.cwd();
  process.chdir(dir);
  try {
    return await fn();
  } finally {
    process.chdir(previous);
  }
}

/** Files left in a folder that are not the module: temporary files of an interrupted write. */
export function strayFiles(dir: string, module = 'admin-api.ts'): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name !== module) : [];
}
