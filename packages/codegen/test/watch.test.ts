import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import { afterEach, describe, expect, it } from 'vitest';
import { runCodegen } from '../src/runner/run-codegen.js';
import { watchCodegen } from '../src/runner/watch.js';
import {
  type CapturedIo,
  captureIo,
  strayFiles,
  useRunnerProject,
  writeAdminApiCache,
} from './runner-harness.js';

const project = useRunnerProject();
const OUTPUT = 'src/generated/admin-api.ts';
const REBUILD = /^(✔ rebuilt|✘ rebuild failed) /;

interface Watching {
  dir: string;
  io: CapturedIo;
  /** Makes a change and resolves with the line of the rebuild it causes. */
  change(edit: () => void): Promise<string>;
  module(): string;
  /** Stops the watch and resolves when it has stopped. */
  stop(): Promise<number>;
}

let running: Watching | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/**
 * Starts `admin-api codegen --watch` in `dir`, in this process (the working directory is `dir`
 * until it stops), and resolves once the first build is done.
 */
async function startWatch(dir: string, debounceMs?: number): Promise<Watching> {
  const previous = process.cwd();
  process.chdir(dir);
  const io = captureIo();
  const controller = new AbortController();
  const watching = io.next(/^watching /);
  const done = watchCodegen({}, io, {
    signal: controller.signal,
    ...(debounceMs === undefined ? {} : { debounceMs }),
  });
  await watching;
  let stopped: Promise<number> | undefined;
  running = {
    dir,
    io,
    async change(edit) {
      const rebuilt = io.next(REBUILD);
      edit();
      return rebuilt;
    },
    module: () => readFileSync(join(dir, OUTPUT), 'utf8'),
    stop() {
      stopped ??= (async () => {
        controller.abort();
        const code = await done;
        process.chdir(previous);
        return code;
      })();
      return stopped;
    },
  };
  return running;
}

/** What a one-shot `admin-api codegen` writes for the files as they are now. */
async function oneShot(dir: string): Promise<string> {
  const previous = process.cwd();
  process.chdir(dir);
  try {
    rmSync(join(dir, OUTPUT));
    expect(await runCodegen({}, captureIo())).toBe(0);
    return readFileSync(join(dir, OUTPUT), 'utf8');
  } finally {
    process.chdir(previous);
  }
}

const ME = 'query GetMe {\n  me {\n    id\n    name\n  }\n}\n';
const PRODUCTS =
  'query ListProducts {\n  listProduct(pagination: { page: 1, limit: 10 }) {\n    count\n    data {\n      id\n      name\n    }\n  }\n}\n';

describe('admin-api codegen --watch', () => {
  it('follows an edit, an added file, a deleted file and a break then a fix, ending as a one-shot run would', async () => {
    const dir = project({ 'src/me.graphql': ME, 'src/products.graphql': PRODUCTS });
    const watch = await startWatch(dir);
    const write = (name: string, text: string) => () => writeFileSync(join(dir, name), text);
    expect(watch.io.stdout[0]).toMatch(/^✔ src\/generated\/admin-api\.ts: 2 operations, /);

    expect(
      await watch.change(write('src/me.graphql', ME.replace('name', 'name\n    scopes'))),
    ).toMatch(
      /^✔ rebuilt src\/generated\/admin-api\.ts in \d+ ms \(1 file changed\): 2 operations, /,
    );
    expect(watch.module()).toContain('scopes: AppScopeEnum[] | null');

    await watch.change(
      write(
        'src/orders.ts',
        'export const O = /* GraphQL */ `query ListOrders { listOrder { count } }`;\n',
      ),
    );
    expect(watch.module()).toContain('listOrders: call(ListOrdersDocument)');

    await watch.change(() => rmSync(join(dir, 'src/products.graphql')));
    expect(watch.module()).not.toContain('ListProductsDocument');
    const lastGood = watch.module();

    expect(await watch.change(write('src/me.graphql', 'query GetMe {\n  me {\n'))).toMatch(
      /^✘ rebuild failed in \d+ ms \(1 file changed\): 1 error in 1 file; src\/generated\/admin-api\.ts not updated, the last good version stays$/,
    );
    expect(watch.io.lines.at(-2)).toMatch(/^src\/me\.graphql:3:1: error: Syntax Error/);
    expect(watch.module()).toBe(lastGood);
    expect(strayFiles(join(dir, 'src/generated'))).toEqual([]);

    expect(await watch.change(write('src/me.graphql', ME))).toMatch(/^✔ rebuilt /);
    expect(await watch.stop()).toBe(0);
    // One line per change: the start, five rebuilds, and nothing for the module's own writes.
    expect(watch.io.lines.filter((line) => /^(✔|✘) /.test(line))).toHaveLength(6);
    expect(watch.module()).toBe(await oneShot(dir));
  });

  it('re-validates a file when a fragment it uses changes in another file', async () => {
    const dir = project({
      'src/fragments.graphql': 'fragment MeFields on MeResponse {\n  id\n}\n',
      'src/me.graphql': 'query GetMe {\n  me {\n    ...MeFields\n  }\n}\n',
    });
    const watch = await startWatch(dir);
    const fragments = join(dir, 'src/fragments.graphql');

    await watch.change(() =>
      writeFileSync(fragments, 'fragment MeFields on MeResponse {\n  id\n  email\n}\n'),
    );
    expect(watch.module()).toContain(
      'export type MeFieldsFragment = { id: string | null; email: string | null };',
    );

    // Only fragments.graphql changes, but the error is in me.graphql, where the spread no longer fits.
    expect(
      await watch.change(() =>
        writeFileSync(fragments, 'fragment MeFields on Product {\n  id\n}\n'),
      ),
    ).toMatch(/^✘ rebuild failed /);
    expect(watch.io.lines.at(-2)).toMatch(
      /^src\/me\.graphql:3:5: error: Fragment "MeFields" cannot be spread here as objects of type "MeResponse" can never be of type "Product"\./,
    );

    await watch.change(() =>
      writeFileSync(fragments, 'fragment MeFields on MeResponse {\n  name\n}\n'),
    );
    await watch.stop();
    expect(watch.module()).toBe(await oneShot(dir));
  });

  it('reloads the schema when the cache is replaced, as `admin-api schema pull` does', async () => {
    const dir = project({
      'src/me.graphql': 'query GetMe {\n  me {\n    id\n    scopes\n  }\n}\n',
    });
    const cache = join(dir, 'admin-api.schema.graphql');
    // A schema without MeResponse.scopes: the document does not validate against it.
    writeAdminApiCache(
      cache,
      adminApiSchemaSdl().replace('  scopes: [AppScopeEnum!]', '  appScopes: [AppScopeEnum!]'),
    );
    const watch = await startWatch(dir);
    expect(watch.io.lines).toContain(`✘ 1 error in 1 file; ${OUTPUT} not written`);

    expect(await watch.change(() => writeAdminApiCache(cache))).toMatch(
      /^✔ rebuilt src\/generated\/admin-api\.ts in \d+ ms \(schema changed\): 1 operation, /,
    );
    await watch.stop();
    expect(watch.module()).toBe(await oneShot(dir));
  });

  it('keeps following a watched folder that is deleted and made again', async () => {
    const dir = project({ 'src/q/me.graphql': ME }, "documents: 'src/q/**/*.graphql'");
    const watch = await startWatch(dir);
    const folder = join(dir, 'src/q');
    expect(await watch.change(() => rmSync(folder, { recursive: true }))).toMatch(
      /^✘ rebuild failed /,
    );
    expect(
      await watch.change(() => {
        mkdirSync(folder);
        writeFileSync(join(folder, 'again.graphql'), 'query Again { me { id } }\n');
      }),
    ).toMatch(/^✔ rebuilt /);
    expect(watch.module()).toContain('again: call(AgainDocument),');
    expect(await watch.change(() => writeFileSync(join(folder, 'me.graphql'), ME))).toMatch(
      /^✔ rebuilt /,
    );
    expect(watch.module()).toContain('getMe: call(GetMeDocument),');
  });

  it('writes the module again when it is deleted, with no document changed', async () => {
    const dir = project({ 'src/me.graphql': ME });
    const watch = await startWatch(dir);
    const good = watch.module();
    expect(await watch.change(() => rmSync(join(dir, OUTPUT)))).toMatch(
      /^✔ rebuilt src\/generated\/admin-api\.ts in \d+ ms \(src\/generated\/admin-api\.ts deleted\): 1 operation, /,
    );
    expect(existsSync(join(dir, OUTPUT)) && watch.module()).toBe(good);
  });

  it('keeps watching after a rebuild fails, and never leaves a temporary file', async () => {
    const dir = project({ 'src/me.graphql': ME });
    const watch = await startWatch(dir);
    const me = join(dir, 'src/me.graphql');
    const good = watch.module();
    for (const text of ['query GetMe { me { nope } }\n', 'query { me { id } }\n', ME]) {
      await watch.change(() => writeFileSync(me, text));
    }
    expect(
      watch.io.lines.filter((line) => REBUILD.test(line)).map((line) => line.slice(0, 2)),
    ).toEqual(['✘ ', '✘ ', '✔ ']);
    expect(watch.module()).toBe(good);
    expect(strayFiles(join(dir, 'src/generated'))).toEqual([]);
  });

  it('never overwrites a file that replaced the module while watching: the rebuild fails and the file stays', async () => {
    const dir = project({ 'src/me.graphql': ME });
    const watch = await startWatch(dir);
    const mine = 'export const mine = 1;\n';
    writeFileSync(join(dir, OUTPUT), mine);
    const refused = watch.io.next(/^✘ /);
    writeFileSync(join(dir, 'src/me.graphql'), ME.replace('name', 'name\n    scopes'));
    expect(await refused).toMatch(
      /^✘ \[INVALID_OPTION\] src\/generated\/admin-api\.ts is a file admin-api codegen did not write /,
    );
    expect(watch.module()).toBe(mine);
  });

  it('keeps the edits of a rebuild that failed on an unusable schema cache, and builds them once the cache is repaired', async () => {
    const dir = project({ 'src/me.graphql': ME });
    // Long enough that every event of the cache's write is one burst, before the edit below.
    const watch = await startWatch(dir, 200);
    const cache = join(dir, 'admin-api.schema.graphql');
    const broken = watch.io.next(/^✘ /);
    writeFileSync(cache, 'type Query {');
    expect(await broken).toMatch(/^✘ \[INVALID_CACHE\] /);
    // An edit while the cache is unusable fails too, and is kept.
    const failed = watch.io.next(/^✘ /);
    writeFileSync(join(dir, 'src/me.graphql'), ME.replace('name', 'name\n    scopes'));
    expect(await failed).toMatch(/^✘ \[INVALID_CACHE\] /);

    // The cache repaired (as `schema pull` does) and a file added: the edit is built with them.
    const other = 'query Other { me { id } }\n';
    expect(
      await watch.change(() => {
        writeAdminApiCache(cache);
        writeFileSync(join(dir, 'src/other.graphql'), other);
      }),
    ).toMatch(
      /^✔ rebuilt src\/generated\/admin-api\.ts in \d+ ms \(2 files changed\): 2 operations, /,
    );
    expect(watch.module()).toContain('scopes: AppScopeEnum[] | null');
    await watch.stop();
    expect(watch.module()).toBe(await oneShot(dir));
  });

  it('says once that an edit to codegen.ts takes effect on restart, and goes on watching', async () => {
    const dir = project({ 'src/me.graphql': ME });
    const watch = await startWatch(dir);
    const config = join(dir, 'codegen.ts');
    const said = watch.io.next(/codegen\.ts changed/);
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'envFile: false',
        'envFile: false, refreshSchema: false',
      ),
    );
    expect(await said).toBe(
      'warning: codegen.ts changed; the watch goes on with the config it started with: stop it and start it again for the change to take effect.',
    );
    expect(
      await watch.change(() =>
        writeFileSync(join(dir, 'src/me.graphql'), ME.replace('name', 'name\n    scopes')),
      ),
    ).toMatch(/^✔ rebuilt /);
    expect(watch.io.lines.filter((line) => line.includes('codegen.ts changed'))).toHaveLength(1);
  });
});
