import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SELECTION_DEPTH } from '../src/generator/selection-depth.js';
import type { ProjectBuild } from '../src/runner/codegen-project.js';
import { findTooDeepNesting, MAX_NESTING } from '../src/runner/document-nesting.js';
import { findDocumentFiles, watchRoots } from '../src/runner/find-documents.js';
import { startProject } from '../src/runner/run-codegen.js';
import { watchCodegen } from '../src/runner/watch.js';
import { watchTree } from '../src/runner/watch-tree.js';
import { runAdminApi } from './codegen-cli.js';
import { captureIo, inDirectory, useRunnerProject, writeAdminApiCache } from './runner-harness.js';

const project = useRunnerProject();

// A schema with a type that holds itself, so that documents can nest as deep as they like.
const NESTING_SDL = 'type Query {\n  node: Node\n}\n\ntype Node {\n  id: ID\n  child: Node\n}\n';

/** A project in a temporary folder with `files` and the nesting schema cached. */
function nestingProject(files: Record<string, string>): string {
  const dir = project(files);
  writeAdminApiCache(join(dir, 'admin-api.schema.graphql'), NESTING_SDL);
  return dir;
}

/** Loads and checks the project in `dir` as one run does (or, `incremental`, as the watcher does). */
async function build(dir: string, incremental = false): Promise<ProjectBuild> {
  return inDirectory(dir, async () =>
    (await startProject({}, captureIo(), incremental)).project.build(),
  );
}

/** Each error as `CODE file:line:column`, in the order they are reported. */
const places = (result: ProjectBuild) =>
  result.diagnostics.map(
    ({ code, location }) =>
      `${code} ${location ? `${location.file}:${location.line}:${location.column}` : '-'}`,
  );

const message = (result: ProjectBuild, code: string) =>
  result.diagnostics.find((diagnostic) => diagnostic.code === code)?.message ?? '';

/** `query Name { node { child { child … { id } … } } }`, `depth` selection sets deep. */
const nested = (name: string, depth: number) =>
  `query ${name} { node ${'{ child '.repeat(depth - 2)}{ id }${' }'.repeat(depth - 2)} }\n`;

/** Many fields under one response name: graphql-js compares each pair for the overlap rule. */
const WIDE = `query Wide {\n  node {\n${'    child { id }\n'.repeat(1500)}  }\n}\n`;

/** One fragment spreading another 50,001 times: more than graphql-js follows in one validation. */
const SPREADS = `query Spreads {\n  node {\n    ...Many\n  }\n}\nfragment Many on Node {\n  ${'...One '.repeat(50_001)}\n}\nfragment One on Node {\n  id\n}\n`;

const SHALLOW = 'query Shallow {\n  node {\n    id\n  }\n}\n';
const INVALID = 'query Invalid {\n  node {\n    nope\n  }\n}\n';

describe('document files codegen does not parse whole', () => {
  it('refuses a 10 MB code file that may hold GraphQL before parsing it, at its first line, and still checks the other files', async () => {
    const line = "export const value = { kind: 'graphql', list: [1, 2, 3] };\n";
    const big = `${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))}export const t = \`x\`;\n`;
    const dir = nestingProject({
      'src/big.ts': big,
      'src/invalid.graphql': INVALID,
      'src/shallow.graphql': SHALLOW,
    });
    const result = await build(dir);
    expect(places(result)).toEqual([
      'DOCUMENT_FILE_TOO_LARGE src/big.ts:1:1',
      'DOCUMENT_ERROR src/invalid.graphql:3:5',
    ]);
    expect(message(result, 'DOCUMENT_FILE_TOO_LARGE')).toContain('this file is 10.0 MB');
    expect(message(result, 'DOCUMENT_FILE_TOO_LARGE')).toContain('code files of up to 1.0 MB');
    expect(message(result, 'DOCUMENT_FILE_TOO_LARGE')).toContain('"!src/big.ts"');
  });

  it('skips a large code file that holds no template string, as no GraphQL can be in it', async () => {
    const line = "import type { GraphQLSchema } from 'graphql';\n";
    const dir = nestingProject({
      'src/types.ts': line.repeat(Math.ceil((2 * 1024 * 1024) / line.length)),
      'src/shallow.graphql': SHALLOW,
    });
    const result = await build(dir);
    expect(places(result)).toEqual([]);
    expect(result.operations).toBe(1);
  });

  it('refuses a .graphql file over 1 MiB', async () => {
    const dir = nestingProject({
      'src/huge.graphql': `${SHALLOW}${'# padding\n'.repeat(150_000)}`,
    });
    const result = await build(dir);
    expect(places(result)).toEqual(['DOCUMENT_FILE_TOO_LARGE src/huge.graphql:1:1']);
    expect(message(result, 'DOCUMENT_FILE_TOO_LARGE')).toContain('document files of up to 1.0 MB');
  });

  it('refuses a file over 16 MiB without reading it', async () => {
    const dir = nestingProject({ 'src/bundle.ts': '', 'src/shallow.graphql': SHALLOW });
    // Sparse: 17 MiB on paper, nothing on disk.
    truncateSync(join(dir, 'src/bundle.ts'), 17 * 1024 * 1024);
    const result = await build(dir);
    expect(places(result)).toEqual(['DOCUMENT_FILE_TOO_LARGE src/bundle.ts:1:1']);
    expect(message(result, 'DOCUMENT_FILE_TOO_LARGE')).toContain('this file is 17.0 MB');
  });

  it.skipIf(process.platform === 'win32')(
    'reports a link to a named pipe or a device instead of waiting for a writer or reading forever',
    async () => {
      const dir = nestingProject({ 'src/shallow.graphql': SHALLOW });
      execFileSync('mkfifo', [join(dir, 'pipe')]);
      symlinkSync(join(dir, 'pipe'), join(dir, 'src/pipe.graphql'));
      symlinkSync('/dev/zero', join(dir, 'src/zero.graphql'));
      const result = await build(dir);
      expect(places(result)).toEqual([
        'DOCUMENT_ERROR src/pipe.graphql:1:1',
        'DOCUMENT_ERROR src/zero.graphql:1:1',
      ]);
      expect(result.diagnostics.map((d) => d.message)).toEqual([
        'cannot read this file (not a regular file, but a pipe, socket or device)',
        'cannot read this file (not a regular file, but a pipe, socket or device)',
      ]);
    },
  );
});

describe('documents nested too deep', () => {
  it('finds nesting past the limit in one pass, outside strings, block strings and comments', () => {
    const deep = (open: string) => `query Q { a(x: ${open.repeat(300)}) }`;
    expect(findTooDeepNesting(deep('['))).toEqual({
      offset: 15 + MAX_NESTING - 2,
      definition: 'query "Q"',
    });
    expect(findTooDeepNesting(`fragment F on T @d { x(y: ${'{a:'.repeat(300)}`)?.definition).toBe(
      'fragment "F"',
    );
    expect(findTooDeepNesting(`{ ${'{ a '.repeat(300)}`)?.definition).toBe('an anonymous query');
    expect(findTooDeepNesting(`query Q { a(x: "${'['.repeat(300)}") }`)).toBeUndefined();
    expect(findTooDeepNesting(`query Q { a(x: """${'{'.repeat(300)}\\""" """) }`)).toBeUndefined();
    expect(findTooDeepNesting(`query Q { a # ${'('.repeat(300)}\n }`)).toBeUndefined();
  });

  it('refuses a document nested 100,000 deep before parsing it, at the bracket past the limit, naming its operation', async () => {
    const depth = 100_000;
    const dir = nestingProject({
      'src/deep.graphql': `${SHALLOW}${nested('Deep', depth)}`,
      'src/deep.ts': `export const Q = /* GraphQL */ \`\n${nested('DeepInCode', depth)}\`;\n`,
      'src/invalid.graphql': INVALID,
    });
    const result = await build(dir);
    // `query Deep { node ` and `{ child ` a level: the bracket past the limit.
    const column = 'query Deep { node '.length + (MAX_NESTING - 1) * '{ child '.length + 1;
    expect(places(result)).toEqual([
      `DOCUMENT_TOO_DEEP src/deep.graphql:6:${column}`,
      `DOCUMENT_TOO_DEEP src/deep.ts:2:${column + 'InCode'.length}`,
      'DOCUMENT_ERROR src/invalid.graphql:3:5',
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^query "Deep" nests .* more than 256 deep/);
    expect(result.diagnostics[1]?.message).toMatch(/^query "DeepInCode" nests /);
  });

  it('refuses a code file nested too deep for Babel to parse, at its start, instead of crashing', async () => {
    const arrays = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const dir = nestingProject({
      'src/nested.ts': `export const q = /* GraphQL */ \`query Q { node { id } }\`;\nexport const x = ${arrays};\n`,
    });
    const result = await build(dir);
    expect(places(result)).toEqual(['DOCUMENT_TOO_DEEP src/nested.ts:1:1']);
    expect(message(result, 'DOCUMENT_TOO_DEEP')).toContain('too deep for Babel to parse');
  });

  it('stops an operation nesting selections past the limit at the selection that passes it, naming the operation', async () => {
    const dir = nestingProject({ 'src/deep.graphql': `${SHALLOW}${nested('Deep', 100)}` });
    const result = await build(dir);
    const column = 'query Deep { node '.length + (MAX_SELECTION_DEPTH - 2) * '{ child '.length + 3;
    expect(places(result)).toEqual([`DOCUMENT_TOO_DEEP src/deep.graphql:6:${column}`]);
    expect(message(result, 'DOCUMENT_TOO_DEEP')).toMatch(
      /^query "Deep" nests selection sets 100 deep, counting the fragments it spreads; codegen takes at most 64 /,
    );
  });

  it('counts a fragment where it is spread, and stops the definition at the spread that passes the limit, once', async () => {
    const fragments = Array.from(
      { length: 10 },
      (_, i) =>
        `fragment F${i} on Node { child { child { child { child { child { child { child { ${i < 9 ? `...F${i + 1}` : 'id'} } } } } } } } }`,
    );
    const dir = nestingProject({
      'src/query.graphql': 'query ViaFragments {\n  node {\n    ...F0\n  }\n}\n',
      'src/fragments.graphql': `${fragments.join('\n')}\n`,
    });
    const result = await build(dir);
    // F0 reaches 71 deep through F1 (the others stay within): the error is at F0's spread of F1;
    // the query, too deep only through F0, has none of its own.
    expect(places(result)).toEqual(['DOCUMENT_TOO_DEEP src/fragments.graphql:1:79']);
    expect(message(result, 'DOCUMENT_TOO_DEEP')).toMatch(
      /^fragment "F0" nests selection sets 71 deep/,
    );
  });

  it('stops a chain of fragments spreading fragments at the first one past the limit', async () => {
    const chain = Array.from(
      { length: 100 },
      (_, i) => `fragment C${i} on Node { ${i < 99 ? `...C${i + 1}` : 'id'} }`,
    );
    const dir = nestingProject({
      'src/chain.graphql': `query Chain { node { ...C0 } }\n${chain.join('\n')}\n`,
    });
    const result = await build(dir);
    // C34 spreads C35, … C99: 65 spreads.
    expect(places(result)).toEqual(['DOCUMENT_TOO_DEEP src/chain.graphql:36:24']);
    expect(message(result, 'DOCUMENT_TOO_DEEP')).toMatch(
      /^fragment "C34" spreads fragments that spread fragments 65 deep; codegen takes at most 64/,
    );
  });
});

describe('validation graphql-js stops before the end', () => {
  it("names the operation that runs the overlap rule's budget out, and still validates the other files", async () => {
    const dir = nestingProject({ 'src/wide.graphql': WIDE, 'src/invalid.graphql': INVALID });
    const result = await build(dir);
    expect(places(result)).toEqual([
      'DOCUMENT_ERROR src/invalid.graphql:3:5',
      'DOCUMENT_TOO_COMPLEX src/wide.graphql:1:7',
    ]);
    expect(message(result, 'DOCUMENT_TOO_COMPLEX')).toMatch(
      /^graphql-js stopped validating query "Wide": checking that its fields can merge \(OverlappingFieldsCanBeMergedRule\) ran past graphql-js's budget \("Validation aborted\."\)/,
    );
  });

  it('names the operation that follows the most fragment spreads when that budget runs out', async () => {
    const dir = nestingProject({ 'src/spreads.graphql': SPREADS, 'src/shallow.graphql': SHALLOW });
    const result = await build(dir);
    expect(places(result)).toEqual(['DOCUMENT_TOO_COMPLEX src/spreads.graphql:1:7']);
    expect(message(result, 'DOCUMENT_TOO_COMPLEX')).toContain(
      'following fragment spreads within fragments ran past its budget ("Validation aborted."); query "Spreads" follows the most, 50001',
    );
  });

  it('says where graphql-js stopped after 10,000 errors', async () => {
    const fields = Array.from({ length: 10_001 }, (_, i) => `nope${i}`).join(' ');
    const dir = nestingProject({ 'src/many.graphql': `query Many { node { ${fields} } }\n` });
    const result = await build(dir);
    expect(result.errors).toBe(10_001);
    const stop = result.diagnostics.find((d) => d.message.startsWith('graphql-js stopped'));
    expect(stop?.code).toBe('DOCUMENT_ERROR');
    expect(stop?.location).toMatchObject({ file: 'src/many.graphql', line: 1, column: 7 });
    expect(stop?.message).toContain('query "Many", after 10000 errors (its maxErrors');
  });

  it('finds the same problems file by file, as the watcher checks, as in one run', async () => {
    const dir = nestingProject({
      'src/wide.graphql': WIDE,
      'src/spreads.graphql': SPREADS,
      'src/deep.graphql': nested('Deep', 100),
      'src/deeper.graphql': nested('Deeper', 1000),
      'src/invalid.graphql': INVALID,
    });
    const once = await build(dir);
    expect(once.errors).toBe(5);
    expect((await build(dir, true)).diagnostics).toEqual(once.diagnostics);
  });
});

describe('document globs and linked folders', () => {
  const outside: string[] = [];
  afterEach(() => {
    for (const dir of outside.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A project whose `src` links to a folder outside it, to itself (a cycle) and to a file. */
  function linkedProject(): string {
    const elsewhere = mkdtempSync(join(tmpdir(), 'admin-api-elsewhere-'));
    outside.push(elsewhere);
    mkdirSync(join(elsewhere, 'deep'));
    writeFileSync(join(elsewhere, 'a.graphql'), SHALLOW);
    writeFileSync(join(elsewhere, 'deep/b.graphql'), SHALLOW);
    const dir = nestingProject({ 'src/own/c.graphql': SHALLOW });
    symlinkSync(elsewhere, join(dir, 'src/elsewhere'), 'dir');
    symlinkSync('..', join(dir, 'src/loop'), 'dir');
    symlinkSync(join(elsewhere, 'a.graphql'), join(dir, 'src/linked.graphql'), 'file');
    return dir;
  }

  it('walks no linked folder, in the project or out of it, follows no cycle, and reads a linked file', () => {
    const dir = linkedProject();
    expect(findDocumentFiles(['src/**/*.graphql'], [], dir)).toEqual([
      'src/linked.graphql',
      'src/own/c.graphql',
    ]);
    expect(
      findDocumentFiles(['**/*.graphql'], [join(dir, 'admin-api.schema.graphql')], dir),
    ).toEqual(['src/linked.graphql', 'src/own/c.graphql']);
  });

  it('walks a linked folder that a glob names before its first pattern, and watches it apart', () => {
    const dir = linkedProject();
    const globs = ['src/**/*.graphql', 'src/elsewhere/**/*.graphql'];
    expect(findDocumentFiles(globs, [], dir)).toEqual([
      'src/elsewhere/a.graphql',
      'src/elsewhere/deep/b.graphql',
      'src/linked.graphql',
      'src/own/c.graphql',
    ]);
    expect(watchRoots(globs, dir)).toEqual([join(dir, 'src'), join(dir, 'src/elsewhere')]);
  });

  it('does not walk a folder linked while watching', async () => {
    const dir = linkedProject();
    const changed: string[] = [];
    let reported: () => void = () => {};
    const link = new Promise<void>((resolve) => {
      reported = resolve;
    });
    const linked = join(dir, 'src/own/linked-away');
    const watch = watchTree(join(dir, 'src/own'), (path) => {
      changed.push(path);
      if (path.startsWith(linked)) reported();
    });
    try {
      symlinkSync(join(dir, 'src/elsewhere'), linked, 'dir');
      await link;
      // The link itself, as a changed entry; nothing from inside it.
      expect(changed.filter((path) => path.startsWith(linked))).toEqual([linked]);
    } finally {
      watch.close();
    }
  });
});

describe('admin-api codegen on hostile documents', () => {
  it('prints each problem with its code, file and line, writes nothing and exits 1', async () => {
    const dir = nestingProject({
      'src/big.graphql': `${SHALLOW}${'# padding\n'.repeat(150_000)}`,
      'src/deep.graphql': nested('Deep', 100),
      'src/wide.graphql': WIDE,
    });
    const { code, stdout, stderr } = await runAdminApi(dir, ['codegen']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^src\/big\.graphql:1:1: error: this file is 1\.4 MB.* \[DOCUMENT_FILE_TOO_LARGE\]$/m,
    );
    expect(stderr).toMatch(
      /^src\/deep\.graphql:1:\d+: error: query "Deep" nests .* \[DOCUMENT_TOO_DEEP\]$/m,
    );
    expect(stderr).toMatch(
      /^src\/wide\.graphql:1:7: error: graphql-js stopped validating query "Wide".* \[DOCUMENT_TOO_COMPLEX\]$/m,
    );
    expect(stderr).toMatch(/✘ 3 errors in 3 files; src\/generated\/admin-api\.ts not written\n$/);
  });

  it('keeps watching through a file too large, a document too deep and one too complex, then builds once they are fixed', async () => {
    const dir = nestingProject({ 'src/shallow.graphql': SHALLOW });
    const previous = process.cwd();
    process.chdir(dir);
    const io = captureIo();
    const controller = new AbortController();
    const started = io.next(/^watching /);
    const done = watchCodegen({}, io, { signal: controller.signal, debounceMs: 50 });
    try {
      await started;
      const rebuild = async (name: string, text: string) => {
        const line = io.next(/^(✔ rebuilt|✘ rebuild failed) /);
        writeFileSync(join(dir, name), text);
        return line;
      };
      const failed = /^✘ rebuild failed .*: 1 error in 1 file; /;
      expect(await rebuild('src/big.graphql', '#\n'.repeat(600_000))).toMatch(failed);
      expect(io.stderr.some((l) => l.includes('[DOCUMENT_FILE_TOO_LARGE]'))).toBe(true);
      expect(await rebuild('src/big.graphql', nested('Deep', 5000))).toMatch(failed);
      expect(io.stderr.some((l) => l.includes('[DOCUMENT_TOO_DEEP]'))).toBe(true);
      expect(await rebuild('src/big.graphql', WIDE)).toMatch(failed);
      expect(io.stderr.some((l) => l.includes('[DOCUMENT_TOO_COMPLEX]'))).toBe(true);
      expect(await rebuild('src/big.graphql', nested('Fine', 10))).toMatch(
        /^✔ rebuilt .*: 2 operations, /,
      );
    } finally {
      controller.abort();
      expect(await done).toBe(0);
      process.chdir(previous);
    }
  });
});
