// The workloads of the codegen benchmarks: a schema (served by the emulator behind bearer auth,
// and as SDL for a schema cache) and a folder of operations, one per `.graphql` file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { adminApiSchema } from '@admin-api/emulator';
import { schema as githubSchema } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
  printSchema,
} from 'graphql';
import { operationsFor } from '../packages/codegen/test/large-schema-operations.js';

const require = createRequire(import.meta.url);

export interface Workload {
  /** Short name for tables: `admin 132`, `github 100`. */
  readonly name: string;
  readonly schema: GraphQLSchema;
  readonly operations: readonly string[];
}

/** The vendor's own operation for every root field of the real Admin API schema. */
export function adminApiWorkload(): Workload {
  const gqls = require('@ikas/api-client/dist/api/admin/generated/default-gqls.js') as Record<
    'QueryDefaultGQLs' | 'MutationDefaultGQLs',
    Record<string, string>
  >;
  const operations = [
    ...Object.values(gqls.QueryDefaultGQLs),
    ...Object.values(gqls.MutationDefaultGQLs),
  ];
  return { name: `admin ${operations.length}`, schema: adminApiSchema(), operations };
}

let github: GraphQLSchema | undefined;

/** GitHub's public schema (1,606 types) with `count` generated operations. */
export function githubWorkload(count: number): Workload {
  const introspection = githubSchema.json as unknown as
    | IntrospectionQuery
    | { data: IntrospectionQuery };
  github ??= buildClientSchema('data' in introspection ? introspection.data : introspection);
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
