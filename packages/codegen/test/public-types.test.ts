import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useProject } from './codegen-harness.js';
import { typeCheckDirectory } from './type-check-project.js';

const require = createRequire(import.meta.url);
const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));
const project = useProject();

/** A declaration file's code without its comments, where `any` could hide in prose. */
const declarations = (file: string) =>
  readFileSync(dist(file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

describe('public types of the preset and the plugin', () => {
  it('name no `any`: graphql-codegen types are wrapped in our own', () => {
    for (const file of [
      'preset.d.ts',
      'sdk-plugin/index.d.ts',
      'sdk-plugin/config.d.ts',
      'codegen-plugin-types.d.ts',
    ]) {
      const text = declarations(file);
      expect({ file, any: /\bany\b/.test(text) }).toEqual({ file, any: false });
      expect({ file, helpers: text.includes('@graphql-codegen/') }).toEqual({
        file,
        helpers: false,
      });
    }
  });

  it('still fit a graphql-codegen CodegenConfig, as a preset and as a plugin, under strict flags', async () => {
    const dir = project({
      'src/codegen.ts': `import type { CodegenConfig } from '@graphql-codegen/cli';
import { plugin, preset, validate } from '@admin-api/codegen';

export const config: CodegenConfig = {
  schema: 'admin-api.schema.graphql',
  documents: 'src/**/*.graphql',
  generates: {
    'src/generated/with-preset.ts': { preset, config: { documentMode: 'node' } },
    'src/generated/with-plugin.ts': { plugins: ['admin-api'] },
  },
  pluginLoader: async () => ({ plugin, validate }),
};
`,
    });
    const output = await typeCheckDirectory(dir, ['src'], {
      paths: {
        '@admin-api/codegen': [dist('index.d.ts')],
        '@graphql-codegen/cli': [
          join(dirname(require.resolve('@graphql-codegen/cli/package.json')), 'typings/index.d.ts'),
        ],
      },
    });
    expect(output).toBe('');
  });
});
