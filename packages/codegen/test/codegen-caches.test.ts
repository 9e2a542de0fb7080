import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import { describe, expect, it } from 'vitest';
import { runCodegen } from '../src/runner/run-codegen.js';
import { captureIo, inDirectory, useRunnerProject, writeAdminApiCache } from './runner-harness.js';

const newProject = useRunnerProject();

const OUTPUT = 'src/generated/admin-api.ts';
const CACHE = 'node_modules/.cache/admin-api';
const GET_ME = 'query GetMe {\n  me {\n    id\n    name\n  }\n}\n';
// `taxValue` is deprecated: a warning, with the text of its line.
const ORDER_LINES = `query OrderLines {
  listOrder(pagination: { page: 1, limit: 1 }) {
    data { id orderLineItems { id variant { id taxValue } } }
  }
}
`;

/** A project whose `node_modules` holds codegen's build cache, as an installed project's does. */
function project(files: Record<string, string> = {}): string {
  const dir = newProject({ 'src/me.graphql': GET_ME, 'src/orders.graphql': ORDER_LINES, ...files });
  mkdirSync(join(dir, 'node_modules'));
  return dir;
}

/** One `admin-api codegen --timings` in `dir`: what it printed (times left out) and wrote. */
async function codegen(dir: string) {
  const io = captureIo();
  const code = await inDirectory(dir, () => runCodegen({ timings: true }, io));
  const timings = io.lines.find((line) => line.startsWith('timings: ')) ?? '';
  let module: string | undefined;
  try {
    module = readFileSync(join(dir, OUTPUT), 'utf8');
  } catch {
    module = undefined;
  }
  return {
    code,
    module,
    printed: io.lines
      .filter((line) => !line.startsWith('timings: '))
      .map((line) => line.replace(/\d+ ms/g, 'N ms')),
    reused: /\breused\b/.test(timings),
  };
}

/** The same run with no build to reuse: what the run must match. */
async function fresh(dir: string) {
  rmSync(join(dir, CACHE), { recursive: true, force: true });
  const result = await codegen(dir);
  expect(result.reused).toBe(false);
  return result;
}

function cacheFile(dir: string): string {
  const [name, ...others] = readdirSync(join(dir, CACHE));
  expect(others).toEqual([]);
  return join(dir, CACHE, name ?? '');
}

describe('the build cache of admin-api codegen', () => {
  it('reuses the last build when nothing changed: the same module and diagnostics, nothing parsed', async () => {
    const dir = project();
    const first = await codegen(dir);
    expect(first.reused).toBe(false);
    expect(first.printed.some((line) => line.includes('taxValue is deprecated'))).toBe(true);
    rmSync(join(dir, OUTPUT));
    const second = await codegen(dir);
    expect(second.reused).toBe(true);
    expect(second).toEqual({ ...first, reused: true });
  });

  it('reuses a build whose operations are in .ts files too', async () => {
    const dir = project({
      'src/products.ts':
        'export const Q = /* GraphQL */ `query Count { listProduct { count } }`;\n',
    });
    const first = await codegen(dir);
    expect(first.module).toContain('count: call(CountDocument)');
    const second = await codegen(dir);
    expect(second.reused).toBe(true);
    expect(second.module).toBe(first.module);
  });

  it('reports a build with errors again, word for word, and still writes nothing', async () => {
    const dir = project({ 'src/broken.graphql': 'query Broken { me { nope } }\n' });
    const first = await codegen(dir);
    expect(first.code).toBe(1);
    const second = await codegen(dir);
    expect(second.reused).toBe(true);
    expect(second).toEqual({ ...first, reused: true });
    expect(second.module).toBeUndefined();
  });

  it('follows a changed schema cache, not the build made from the old one', async () => {
    const dir = project();
    await codegen(dir);
    // The same schema without `OrderLineVariant.taxValue`: the document no longer validates.
    const sdl = adminApiSchemaSdl();
    const field = sdl.indexOf('\n  taxValue: Float', sdl.indexOf('type OrderLineVariant {'));
    const changed = sdl.slice(0, field) + sdl.slice(sdl.indexOf('\n', field + 1));
    writeAdminApiCache(join(dir, 'admin-api.schema.graphql'), changed);
    const after = await codegen(dir);
    expect(after.reused).toBe(false);
    expect(after.code).toBe(1);
    expect(after.printed.join('\n')).toContain(
      'Cannot query field "taxValue" on type "OrderLineVariant"',
    );
    expect(after).toEqual(await fresh(dir));
  });

  it('checks a changed document again, and the next run reuses that build', async () => {
    const dir = project();
    await codegen(dir);
    writeFileSync(join(dir, 'src/me.graphql'), GET_ME.replace('name', 'nmae'));
    const after = await codegen(dir);
    expect(after.reused).toBe(false);
    expect(after.printed.join('\n')).toContain('Cannot query field "nmae" on type "MeResponse"');
    expect(await codegen(dir)).toEqual({ ...after, reused: true });
  });

  it('warns of a schema cache edited by hand, as without a build cache', async () => {
    const dir = project();
    await codegen(dir);
    const path = join(dir, 'admin-api.schema.graphql');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/# sha256: \w+/, '# sha256: 0'));
    const after = await codegen(dir);
    expect(after.printed.join('\n')).toContain('may have been edited by hand');
    expect(after).toEqual(await fresh(dir));
    expect(await codegen(dir)).toEqual({ ...after, reused: true });
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2)],
    ['empty', () => ''],
    ['not ours', () => 'garbage\n{'],
    // Still valid JSON, its checksum no longer matching: a changed byte must not become output.
    [
      'with a changed byte in the module',
      (text: string) => text.replace('getMe: call', 'getMe: cell'),
    ],
    [
      'from another version of codegen',
      (text: string) => text.replace(/"code":"\w+"/, '"code":"0"'),
    ],
    ['for other inputs', (text: string) => text.replace(/"key":"\w+"/, '"key":"0"')],
  ])(
    'builds again from the documents when the stored build is %s, and stores it again',
    async (_, corrupt) => {
      const dir = project();
      const first = await codegen(dir);
      const file = cacheFile(dir);
      writeFileSync(file, corrupt(readFileSync(file, 'utf8')));
      rmSync(join(dir, OUTPUT));
      const after = await codegen(dir);
      expect(after.reused).toBe(false);
      expect(after).toEqual(first);
      expect((await codegen(dir)).reused).toBe(true);
    },
  );

  it('is not written where there is no node_modules folder', async () => {
    const dir = newProject({ 'src/me.graphql': GET_ME });
    const first = await codegen(dir);
    const second = await codegen(dir);
    expect(second.reused).toBe(false);
    expect(second.module).toBe(first.module);
    expect(readdirSync(dir)).not.toContain('node_modules');
  });
});
