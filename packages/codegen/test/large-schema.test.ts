import { useEmulator } from '@admin-api/emulator/testing';
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { operationsFor } from './large-schema-operations.js';
import { typeCheckGenerated } from './type-check-project.js';

// GitHub's public schema, as the npm package ships it (its SDL does not validate; its introspection does).
const introspection = githubSchema.json as unknown as
  | IntrospectionQuery
  | { data: IntrospectionQuery };
const schema = buildClientSchema('data' in introspection ? introspection.data : introspection);
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { schema, rateLimit: false });
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
    expect([...content.matchAll(/^ {4}(\w+): call\(/gm)]).toHaveLength(100);

    expect(await typeCheckGenerated(dir, content)).toBe('');

    // Pruning the schema to what the documents use changes nothing in the output.
    const unpruned = await runCodegen(dir, {
      credentials: emulatorCredentials(emulator()),
      pruneSchema: false,
    });
    expect(unpruned.content).toBe(content);
  }, 120_000);
});
