// The workloads of the codegen benchmarks: a schema (served by the emulator behind bearer auth,
// and as SDL for a schema cache) and a folder of operations, one per `.graphql` file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchema } from '@admin-api/emulator';
import { type GraphQLSchema, printSchema } from 'graphql';
import { adminApiDefaultOperations } from '../packages/codegen/test/generator-corpus.js';
import { githubSchema } from '../packages/codegen/test/github-schema.js';
import { operationsFor } from '../packages/codegen/test/large-schema-operations.js';

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

/** A fresh folder with `ops/opNNN.graphql`, one operation each. */
export function writeOperations(dir: string, operations: readonly string[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'ops'), { recursive: true });
  operations.forEach((operation, index) => {
    writeFileSync(
      join(dir, 'ops', `op${String(index).padStart(3, '0')}.graphql`),
      `${operation}\n`,
    );
  });
}
