import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { afterEach, expect } from 'vitest';
import {
  type AdminApiCodegenOptions,
  CodegenError,
  defineConfig,
  type SchemaLogger,
  toGraphQLCodegenConfig,
} from '../src/index.js';

export { emulatorCredentials } from '@admin-api/emulator/testing';

/** A consumer project in a temporary folder, removed after each test. */
export function useProject() {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-api-codegen-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    return dir;
  };
}

export interface RunResult {
  content: string;
  logs: string[];
  warnings: string[];
}

/**
 * Runs graphql-codegen's `generate()` on `toGraphQLCodegenConfig(defineConfig(…))` in `dir`,
 * without writing the output.
 */
export async function runCodegen(
  dir: string,
  options: Partial<AdminApiCodegenOptions> = {},
): Promise<RunResult> {
  const logs: string[] = [];
  const warnings: string[] = [];
  const logger: SchemaLogger = { info: (m) => logs.push(m), warn: (m) => warnings.push(m) };
  const config = toGraphQLCodegenConfig(
    defineConfig({
      documents: join(dir, 'src/**/*.graphql'),
      output: join(dir, 'src/generated/admin-api.ts'),
      schemaCache: join(dir, 'admin-api.schema.graphql'),
      envFile: false,
      logger,
      ...options,
    }),
  );
  const outputs = (await generate({ ...config, cwd: dir, silent: true }, false)) as {
    content: string;
  }[];
  return { content: outputs[0]?.content ?? '', logs, warnings };
}

/**
 * Awaits a codegen run that must fail and returns the error graphql-codegen's `generate()` holds
 * in its AggregateError: the one a user's `catch` sees.
 */
export async function codegenFailure(run: Promise<unknown>): Promise<Error> {
  const error = await rejection(run);
  if (!(error instanceof AggregateError) || error.errors.length !== 1) {
    throw new Error(`expected an AggregateError of one error, got ${String(error)}`);
  }
  return error.errors[0] as Error;
}

/** Calls `fn`, which must throw a CodegenError, and returns the error. */
export function thrown(fn: () => unknown): CodegenError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CodegenError);
    return error as CodegenError;
  }
  throw new Error('expected a throw');
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}
