// The workloads of the codegen benchmarks: a schema (served by the emulator behind bearer auth,
// and as SDL for a schema cache) and a folder of operations, one per `.graphql` file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { adminApiSchema } from '@admin-api/emulator';
import { type GraphQLSchema, printSchema } from 'graphql';
import { adminApiDefaultOperations } from '../packages/codegen/test/generator-corpus.js';
import { githubSchema } from '../packages/codegen/test/github-schema.js';
import { operationsFor } from '../packages/codegen/test/large-schema-operations.js';

const require = createRequire(import.meta.url);

/** graphql-codegen's CLI. */
export const GRAPHQL_CODEGEN = join(
  require.resolve('@graphql-codegen/cli/package.json'),
  '../cjs/bin.js',
);
/** The `admin-api` CLI of the built `@admin-api/codegen`. */
export const ADMIN_API = join(
  dirname(require.resolve('@admin-api/codegen/package.json')),
  'bin/admin-api.js',
);

export interface Workload {
  /** Short name for tables: `admin 132`, `github 100`. */
  readonly name: string;
  readonly schema: GraphQLSchema;
  readonly operations: readonly string[];
}

/** The vendor's own operation for every root field of the real Admin API schema. */
export function adminApiWorkload(): Workload {
  const operations = adminApiDefaultOperations();
  return { name: `admin ${operations.length}`, schema: adminApiSchema(), operations };
}

/** GitHub's public schema (1,606 types) with `count` generated operations. */
export function githubWorkload(count: number): Workload {
  const github = githubSchema();
  return { name: `github ${count}`, schema: github, operations: operationsFor(github, count) };
}

/** The SDL a schema cache holds for this schema. */
export const sdlOf = (workload: Workload): string => printSchema(workload.schema);

/** Where the operation at `index` is written, relative to its workload's folder: `ops/opNNN.graphql`. */
export const operationPath = (index: number): string =>
  `ops/op${String(index).padStart(3, '0')}.graphql`;

/** A fresh folder with `ops/opNNN.graphql`, one operation each. */
export function writeOperations(dir: string, operations: readonly string[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'ops'), { recursive: true });
  operations.forEach((operation, index) => {
    writeFileSync(join(dir, operationPath(index)), `${operation}\n`);
  });
}

/** `ours.codegen.ts`: `admin-api codegen` from `ops/*.graphql` to `out/ours.ts`, the schema cached in `schema.graphql`. */
export const OURS_CONFIG = `import { defineConfig } from '@admin-api/codegen';
export default defineConfig({ documents: 'ops/*.graphql', output: 'out/ours.ts', schemaCache: 'schema.graphql', envFile: false });
`;

/** Plain graphql-codegen's plugins for an SDK: operation types and a graphql-request SDK. */
export const PLAIN_PLUGINS = "['typescript-operations', 'typescript-graphql-request']";

/**
 * A graphql-codegen config from `ops/*.graphql` to `out/<output>.ts`; `schema` and `plugins` are
 * TypeScript expressions.
 */
export const plainConfig = (schema: string, output: string, plugins = PLAIN_PLUGINS) =>
  `export default {
  schema: ${schema},
  documents: 'ops/*.graphql',
  generates: { 'out/${output}.ts': { plugins: ${plugins} } },
};
`;

/** `timings: startup 180 ms, config 40 ms, …` from `admin-api codegen --timings`. */
export function timingPhases(output: string): Record<string, number> {
  const line = output.split('\n').find((l) => l.startsWith('timings: '));
  return Object.fromEntries(
    (line?.slice('timings: '.length).split(', ') ?? []).map((part) => {
      const [name, ms] = part.split(' ');
      return [name ?? '?', Number(ms)];
    }),
  );
}
