import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineConfig, toGraphQLCodegenConfig } from '../src/index.js';
import { readConfig } from '../src/runner/load-config.js';
import { thrown, useProject } from './codegen-harness.js';

const project = useProject();
afterEach(() => vi.unstubAllEnvs());

describe('defineConfig', () => {
  it('returns a plain, frozen config of the kit’s own, its defaults filled in', () => {
    const config = defineConfig({ documents: 'src/**/*.graphql', output: 'src/generated/sdk.ts' });
    expect(config).toEqual({
      documents: ['src/**/*.graphql'],
      output: 'src/generated/sdk.ts',
      schemaCache: { path: 'admin-api.schema.graphql' },
      envFile: '.env',
      config: {},
      pruneSchema: true,
      generates: {},
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.keys(config)).not.toContain('schema');
    // Its result is options again, and gives the same config.
    expect(defineConfig(config)).toEqual(config);
  });

  it('reads no .env and looks at no process argument when a config is made', () => {
    const dir = project({ '.env': 'ADMIN_API_TEST_ONLY_VARIABLE=from-the-file\n' });
    vi.stubEnv('ADMIN_API_TEST_ONLY_VARIABLE', undefined);
    // As graphql-codegen --watch without @parcel/watcher would have it: no reason to look.
    const argv = process.argv;
    process.argv = ['node', '/nowhere/@graphql-codegen/cli/cjs/bin.js', '--watch'];
    try {
      defineConfig({ documents: 'src/**/*.graphql', output: 'out.ts', envFile: join(dir, '.env') });
    } finally {
      process.argv = argv;
    }
    expect(process.env.ADMIN_API_TEST_ONLY_VARIABLE).toBeUndefined();
  });

  it('refuses an option it does not know with INVALID_OPTION, naming it and where other plugins go', () => {
    const error = thrown(() =>
      defineConfig({
        documents: 'src/**/*.graphql',
        output: 'out.ts',
        schema: 'schema.graphql',
      } as never),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain('it does not know "schema"');
    expect(error.message).toContain('"generates"');
  });

  it('refuses an output of another plugin at the module’s own path', () => {
    const error = thrown(() =>
      defineConfig({
        documents: 'src/**/*.graphql',
        output: 'out.ts',
        generates: { 'out.ts': { plugins: ['typescript'] } },
      }),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain('"generates" has an entry for out.ts, which is "output"');
  });
});

describe('the configs admin-api codegen reads', () => {
  const options = { documents: ['src/**/*.graphql'], output: 'out.ts' };

  it('are defineConfig’s, a plain object of its options, a spread of it, and toGraphQLCodegenConfig’s', () => {
    const config = defineConfig(options);
    expect(readConfig(config)).toEqual(config);
    expect(readConfig({ ...options })).toEqual(config);
    const withOther = { ...config, generates: { 'types.ts': ['typescript'] } };
    expect(readConfig(withOther)?.generates).toEqual({ 'types.ts': ['typescript'] });
    expect(readConfig(toGraphQLCodegenConfig(config))).toEqual(config);
  });

  it('are not a hand-written graphql-codegen config', () => {
    expect(
      readConfig({ schema: 'x.graphql', generates: { 'out.ts': { plugins: ['typescript'] } } }),
    ).toBeUndefined();
    expect(readConfig(undefined)).toBeUndefined();
  });
});

describe('toGraphQLCodegenConfig', () => {
  it('gives the module its preset and a schema of its own, and every other output the full schema', () => {
    const config = toGraphQLCodegenConfig(
      defineConfig({
        documents: 'src/**/*.graphql',
        output: 'src/sdk.ts',
        generates: {
          'src/types.ts': { plugins: ['typescript'] },
          'src/more.ts': ['typescript'],
          'src/own.ts': { plugins: ['typescript'], schema: 'extra.graphql' },
        },
      }),
    );
    expect(config.schema).toBeUndefined();
    const generates = config.generates as Record<string, { schema: unknown[]; preset?: unknown }>;
    expect(Object.keys(generates)).toEqual([
      'src/sdk.ts',
      'src/types.ts',
      'src/more.ts',
      'src/own.ts',
    ]);
    expect(generates['src/sdk.ts']?.preset).toBeDefined();
    const pointers = (path: string) =>
      generates[path]?.schema.map((pointer) =>
        typeof pointer === 'string' ? pointer : Object.keys(pointer as object)[0],
      );
    expect(pointers('src/sdk.ts')).toEqual(['admin-api-schema']);
    expect(pointers('src/types.ts')).toEqual(['admin-api-schema:full']);
    expect(pointers('src/more.ts')).toEqual(['admin-api-schema:full']);
    expect(pointers('src/own.ts')).toEqual(['admin-api-schema:full', 'extra.graphql']);
  });
});
