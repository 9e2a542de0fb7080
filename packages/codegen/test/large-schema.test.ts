import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../emulator/test/use-emulator.js';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { operationsFor } from './large-schema-operations.js';

const require = createRequire(import.meta.url);
const run = promisify(execFile);
// GitHub's public schema, as the npm package ships it (its SDL does not validate; its introspection does).
const introspection = githubSchema.json as unknown as
  | IntrospectionQuery
  | { data: IntrospectionQuery };
const schema = buildClientSchema('data' in introspection ? introspection.data : introspection);
const emulator = useEmulator({ schema, rateLimit: false });
const project = useProject();

describe('a large real schema behind auth', () => {
  it(`has ${Object.keys(schema.getTypeMap()).length} types`, () => {
    expect(Object.keys(schema.getTypeMap()).length).toBeGreaterThan(1500);
  });

  it('100 operations generate one module that compiles under strict settings', async () => {
    const operations = operationsFor(schema, 100);
    expect(operations).toHaveLength(100);
    const dir = project(
      Object.fromEntries(
        operations.map((op, i) => [`src/op${String(i).padStart(3, '0')}.graphql`, `${op}\n`]),
      ),
    );
    const { content } = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    expect(emulator().stats.tokenRequests).toBe(1);

    // Each exported name is declared once.
    const declared = [...content.matchAll(/^export (?:type|const|function) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(declared.length).toBeGreaterThan(200);
    expect(declared.filter((name, i) => declared.indexOf(name) !== i)).toEqual([]);
    expect([...content.matchAll(/^ {4}(\w+)\(variables/gm)]).toHaveLength(100);

    mkdirSync(join(dir, 'src/generated'));
    writeFileSync(join(dir, 'src/generated/admin-api.ts'), content);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: {
            '@admin-api/client': [
              join(require.resolve('@admin-api/client/package.json'), '../dist/index.d.ts'),
            ],
            '@graphql-typed-document-node/core': [
              require.resolve('@graphql-typed-document-node/core/typings/index.d.ts'),
            ],
          },
        },
        files: ['src/generated/admin-api.ts'],
      }),
    );
    const result = await run(process.execPath, [
      require.resolve('typescript/bin/tsc'),
      '-p',
      join(dir, 'tsconfig.json'),
    ]).catch((error: { stdout: string }) => error);
    expect(result.stdout).toBe('');
  }, 120_000);
});
