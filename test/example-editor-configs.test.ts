import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse, validate } from 'graphql';
import { loadConfig } from 'graphql-config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const cli = fileURLToPath(new URL('../packages/codegen/bin/admin-api.js', import.meta.url));
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const EXAMPLES = ['basic', 'fleet'];
const exampleDir = (name: string) =>
  fileURLToPath(new URL(`../examples/${name}/`, import.meta.url));

/** The SDL of a schema cache, without the header that says where and when it was fetched. */
const sdlOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !/^# (source|fetched-at|sha256): /.test(line))
    .join('\n');

let pulled: Promise<string> | undefined;

/** The SDL `admin-api schema pull` writes from the emulator: the same for every example, so pulled once. */
function pulledSdl(): Promise<string> {
  pulled ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-api-pull-'));
    try {
      await exec(process.execPath, [cli, 'schema', 'pull', '--cache', 'pulled.graphql'], {
        cwd: dir,
        env: { ...process.env, ...emulatorEnv(emulator()) },
      });
      return sdlOf(join(dir, 'pulled.graphql'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return pulled;
}

describe('the examples’ committed schema caches and editor configs', () => {
  it.each(EXAMPLES)(
    'examples/%s/admin-api.schema.graphql is what `admin-api schema pull` writes from the emulator (run `pnpm schema:examples` when this fails)',
    async (example) => {
      expect(sdlOf(join(exampleDir(example), 'admin-api.schema.graphql'))).toBe(await pulledSdl());
    },
  );

  it.each(EXAMPLES)(
    'examples/%s/.graphqlrc.yml gives editors the cached schema and documents that all validate against it',
    async (example) => {
      const dir = exampleDir(example);
      const project = (await loadConfig({ rootDir: dir, throwOnMissing: true }))?.getDefault();
      if (!project) throw new Error('graphql-config found no project');
      const schema = await project.getSchema();
      // As the editors' language server does: the config says which files belong to the
      // project; embedded documents are plucked from .ts files.
      const bodies = readdirSync(join(dir, 'src'), { recursive: true, encoding: 'utf8' })
        .map((file) => join(dir, 'src', file))
        .filter((file) => /\.(graphql|ts)$/.test(file) && project.match(file))
        .flatMap((file) => {
          const text = readFileSync(file, 'utf8');
          return file.endsWith('.ts')
            ? gqlPluckFromCodeStringSync(file, text).map((source) => source.body)
            : [text];
        });
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) expect(validate(schema, parse(body))).toEqual([]);
    },
  );
});
