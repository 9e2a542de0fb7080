import { join } from 'node:path';
import { ADMIN_API_SCHEMA_PATH, adminApiSchema } from '@admin-api/emulator';
import { useEmulator } from '@admin-api/emulator/testing';
import { generate } from '@graphql-codegen/cli';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateModule } from '../src/generator/index.js';
import { CodegenError, plugin, preset } from '../src/index.js';
import { emulatorCredentials, rejection, runCodegen, useProject } from './codegen-harness.js';
import { ADMIN_API_EDGE_CASES, sourcesOf } from './generator-corpus.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();
const expected = (config?: { documentMode: 'node' }) =>
  generateModule(
    adminApiSchema(),
    sourcesOf({ name: 'edge', schema: adminApiSchema(), files: ADMIN_API_EDGE_CASES }),
    config,
  );

/** graphql-codegen's `generate()` over the edge cases in `dir`, with one output configured by `output`. */
async function generateWith(dir: string, output: Record<string, unknown>): Promise<string> {
  const outputs = (await generate(
    {
      cwd: dir,
      silent: true,
      schema: ADMIN_API_SCHEMA_PATH,
      documents: join(dir, 'src/**/*.graphql'),
      generates: { [join(dir, 'out.ts')]: output },
      pluginLoader: async () => ({ plugin }),
    },
    false,
  )) as { content: string }[];
  return outputs[0]?.content ?? '';
}

describe('graphql-codegen with @admin-api/codegen', () => {
  it('writes through defineConfig the bytes the generator writes for the same documents', async () => {
    const dir = project(ADMIN_API_EDGE_CASES);
    const { content } = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    expect(content).toBe(expected());
  });

  it('writes through the preset, with its options, the same bytes', async () => {
    const dir = project(ADMIN_API_EDGE_CASES);
    const content = await generateWith(dir, { preset, config: { documentMode: 'node' } });
    expect(content).toBe(expected({ documentMode: 'node' }));
  });

  it('writes through the plugin alone the same bytes', async () => {
    const dir = project(ADMIN_API_EDGE_CASES);
    expect(await generateWith(dir, { plugins: ['@admin-api/codegen'] })).toBe(expected());
  });

  it('stops on an option the generator does not know with INVALID_OPTION', async () => {
    const dir = project(ADMIN_API_EDGE_CASES);
    const error = await rejection(
      generateWith(dir, { preset, config: { documentMode: 'graphQLTag' } }),
    );
    const cause = error instanceof AggregateError ? error.errors[0] : error;
    expect(cause).toBeInstanceOf(CodegenError);
    expect((cause as CodegenError).code).toBe('INVALID_OPTION');
  });
});
