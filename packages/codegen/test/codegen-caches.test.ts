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
    // `; graphql-js validated 3 files`: what the build cache and the check cache did not hold.
    validated: Number(/graphql-js validated (\d+) file/.exec(timings)?.[1] ?? 0),
  };
}

/** The same run with no build to reuse: what the run must match. */
async function fresh(dir: string) {
  rmSync(join(dir, CACHE), { recursive: true, force: true });
  const result = await codegen(dir);
  expect(result.reused).toBe(false);
  return result;
}

/** The one cache file whose name starts with `kind`: the build's, or the check's. */
function cacheFile(dir: string, kind: 'build-' | 'check-' = 'build-'): string {
  const [name, ...others] = readdirSync(join(dir, CACHE)).filter((file) => file.startsWith(kind));
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
    expect(second).toEqual({ ...first, reused: true, validated: 0 });
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
    expect(second).toEqual({ ...first, reused: true, validated: 0 });
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
    expect(await codegen(dir)).toEqual({ ...after, reused: true, validated: 0 });
  });

  it('warns of a schema cache edited by hand, as without a build cache', async () => {
    const dir = project();
    await codegen(dir);
    const path = join(dir, 'admin-api.schema.graphql');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/# sha256: \w+/, '# sha256: 0'));
    const after = await codegen(dir);
    expect(after.printed.join('\n')).toContain('may have been edited by hand');
    expect(after).toEqual(await fresh(dir));
    expect(await codegen(dir)).toEqual({ ...after, reused: true, validated: 0 });
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
      // Each file's validation is still recalled from the check cache.
      expect(after).toEqual({ ...first, validated: 0 });
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

const ME_FIELDS = 'fragment MeFields on MeResponse {\n  id\n}\n';
/** Two operations spreading the fragment of src/fields.graphql, besides GetMe and OrderLines. */
const WITH_FRAGMENT = {
  'src/fields.graphql': ME_FIELDS,
  'src/with-fields.graphql': 'query WithFields {\n  me {\n    ...MeFields\n  }\n}\n',
  'src/with-name.graphql': 'query WithName {\n  me {\n    ...MeFields\n    name\n  }\n}\n',
};

/** A run with neither cache nor module, as the first run in a new checkout. */
function fromScratch(dir: string) {
  rmSync(join(dir, OUTPUT), { force: true });
  return fresh(dir);
}

describe('the check cache of admin-api codegen', () => {
  it('validates again only the document that changed, and reports and writes what a run without caches does', async () => {
    const dir = project(WITH_FRAGMENT);
    expect((await codegen(dir)).validated).toBe(5);
    writeFileSync(join(dir, 'src/me.graphql'), GET_ME.replace('    name\n', '    name\n    id\n'));
    rmSync(join(dir, OUTPUT));
    const after = await codegen(dir);
    expect(after.validated).toBe(1);
    // The warning of src/orders.graphql, recalled, at its line and column, with its line of text.
    expect(after.printed.join('\n')).toContain(
      'src/orders.graphql:3:48: warning: OrderLineVariant.taxValue is deprecated',
    );
    expect(after).toEqual({ ...(await fromScratch(dir)), validated: 1 });
  });

  it('validates again every document that reaches an edited fragment, and no other', async () => {
    const dir = project(WITH_FRAGMENT);
    await codegen(dir);
    writeFileSync(join(dir, 'src/fields.graphql'), ME_FIELDS.replace('  id\n', '  id\n  name\n'));
    rmSync(join(dir, OUTPUT));
    const after = await codegen(dir);
    // fields.graphql, with-fields.graphql and with-name.graphql; not me.graphql nor orders.graphql.
    expect(after.validated).toBe(3);
    expect(after).toEqual({ ...(await fromScratch(dir)), validated: 3 });
  });

  it('validates every document again after the schema changed', async () => {
    const dir = project(WITH_FRAGMENT);
    await codegen(dir);
    const sdl = `${adminApiSchemaSdl()}\ntype Unused {\n  id: ID\n}\n`;
    writeAdminApiCache(join(dir, 'admin-api.schema.graphql'), sdl);
    rmSync(join(dir, OUTPUT));
    const after = await codegen(dir);
    expect(after.validated).toBe(5);
    expect(after).toEqual(await fromScratch(dir));
  });

  it.each([
    [
      'the first file that defines it is deleted',
      (dir: string) => rmSync(join(dir, 'src/a.graphql')),
    ],
    [
      'the second is edited',
      (dir: string) =>
        writeFileSync(
          join(dir, 'src/b.graphql'),
          `# edited\n${readFileSync(join(dir, 'src/b.graphql'), 'utf8')}`,
        ),
    ],
    [
      'the first is renamed after the second',
      (dir: string) => {
        writeFileSync(join(dir, 'src/z.graphql'), readFileSync(join(dir, 'src/a.graphql'), 'utf8'));
        rmSync(join(dir, 'src/a.graphql'));
      },
    ],
  ])(
    'reports what a run without caches does for a fragment two files define alike, when %s',
    async (_, change) => {
      // Only the first definition is validated, so where its deprecation warning is depends on
      // the other file: no file's key covers that.
      const variant = 'fragment V on OrderLineVariant {\n  id\n  taxValue\n}\n';
      const lines = (name: string) =>
        `query ${name} {\n  listOrder { data { orderLineItems { variant { ...V } } } }\n}\n${variant}`;
      const dir = project({ 'src/a.graphql': lines('LinesA'), 'src/b.graphql': lines('LinesB') });
      await codegen(dir);
      change(dir);
      rmSync(join(dir, OUTPUT));
      const after = await codegen(dir);
      expect(after.printed.join('\n')).toContain('taxValue is deprecated');
      expect(after).toEqual({ ...(await fromScratch(dir)), validated: after.validated });
    },
  );

  it('validates all documents in one pass when a changed one has an error, and reports what a run without caches does', async () => {
    const dir = project(WITH_FRAGMENT);
    await codegen(dir);
    writeFileSync(join(dir, 'src/me.graphql'), GET_ME.replace('name', 'nmae'));
    rmSync(join(dir, OUTPUT));
    const after = await codegen(dir);
    expect(after.code).toBe(1);
    expect(after.printed.join('\n')).toContain('Cannot query field "nmae" on type "MeResponse"');
    // The changed file, then all five together, as a run without the cache validates them.
    expect(after.validated).toBe(1 + 5);
    expect(after).toEqual({ ...(await fromScratch(dir)), validated: 6 });
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2)],
    ['not ours', () => 'garbage\n{'],
    [
      'with a changed byte in a stored warning',
      (text: string) => text.replace('is deprecated', 'is deprecatef'),
    ],
    [
      'from another version of codegen',
      (text: string) => text.replace(/"code":"\w+"/, '"code":"0"'),
    ],
  ])(
    'ignores a check cache %s, validates every document and stores it again',
    async (_, corrupt) => {
      const dir = project(WITH_FRAGMENT);
      await codegen(dir);
      const file = cacheFile(dir, 'check-');
      writeFileSync(file, corrupt(readFileSync(file, 'utf8')));
      writeFileSync(join(dir, 'src/me.graphql'), `${GET_ME}# changed\n`);
      rmSync(join(dir, OUTPUT));
      const after = await codegen(dir);
      expect(after.validated).toBe(5);
      expect(after.printed.join('\n')).toContain('taxValue is deprecated');
      expect(after).toEqual(await fromScratch(dir));
      writeFileSync(join(dir, 'src/me.graphql'), GET_ME);
      expect((await codegen(dir)).validated).toBe(1);
    },
  );
});
