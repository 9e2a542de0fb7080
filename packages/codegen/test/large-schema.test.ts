import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { githubSchema } from './github-schema.js';
import { operationsFor } from './large-schema-operations.js';
import { typeCheckGenerated } from './type-check-project.js';

const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { schema: githubSchema(), rateLimit: false },
);
const project = useProject();

describe('a large real schema behind auth', () => {
  it(`has ${Object.keys(githubSchema().getTypeMap()).length} types`, () => {
    expect(Object.keys(githubSchema().getTypeMap()).length).toBeGreaterThan(1500);
  });

  it('100 operations generate one module that compiles under strict settings', async () => {
    const operations = operationsFor(githubSchema(), 100);
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
  });
});
