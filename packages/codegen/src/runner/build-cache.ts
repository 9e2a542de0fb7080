import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareCodeUnits } from '../compare-code-units.js';
import { type KnownSchema, sha256 } from '../schema/schema-cache.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import type { DocumentTexts } from './codegen-project.js';
import type { Diagnostic, DiagnosticLocation } from './diagnostic.js';
import { CODE_FILE } from './load-documents.js';

/** What a build gave that a run reports and writes: all a later run with the same inputs reuses. */
export interface ReusableBuild {
  readonly module: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: number;
  readonly warnings: number;
  readonly operations: number;
}

/**
 * The last build of one output, kept in `node_modules/.cache/admin-api/` for the next run:
 * reused when every input is the same, byte for byte, and the same code builds it.
 */
export interface BuildCache {
  /** The schema the stored build was made from: it parses and builds (see `KnownSchema`). */
  readonly known: KnownSchema | undefined;
  /** The stored build, when it was made from the inputs `key` sums up, `texts` among them. */
  reuse(key: string, texts: DocumentTexts): ReusableBuild | undefined;
  /** Replaces the stored build; a cache that cannot be written is left as it is. */
  store(key: string, schema: KnownSchema, build: ReusableBuild, texts: DocumentTexts): void;
}

/** Everything a build's bytes and diagnostics depend on, besides the code that makes it. */
export interface BuildInputs {
  readonly cwd: string;
  /** Absolute path of the module. */
  readonly output: string;
  readonly documents: readonly string[];
  readonly configName: string;
  /** The `config` keys the kit reads (`scalars`, `clientModule`, …), as the config gives them. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly schema: KnownSchema;
  readonly texts: DocumentTexts;
}

const FORMAT = 1;

/**
 * `value` as JSON with its keys sorted, or `undefined` when it is not plain data (a function, a
 * class instance): such settings cannot be compared across runs, so the build is not cached.
 */
function canonicalJson(value: unknown): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (Array.isArray(value)) {
    const items = value.map(canonicalJson);
    return items.includes(undefined) ? undefined : `[${items.join(',')}]`;
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    return undefined;
  }
  const entries: string[] = [];
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    const json = canonicalJson(item);
    if (json === undefined) return undefined;
    entries.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${entries.join(',')}}`;
}

const requireHere = createRequire(import.meta.url);
const versionOf = (packageJson: string) =>
  String((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version);

let ownCode: string | undefined;

/**
 * A sum of the code that builds a module: this package's version and every module of the tree it
 * runs from (`dist`, or `src` under a TypeScript runner), so that a rebuilt package never reuses
 * what an older build made, and graphql's version (its messages are the diagnostics').
 */
function codeFingerprint(): string {
  if (ownCode !== undefined) return ownCode;
  const here = fileURLToPath(import.meta.url);
  let root = dirname(here);
  while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  const tree = join(root, relative(root, here).split(sep)[0] ?? '');
  const hash = createHash('sha256');
  hash.update(
    `${versionOf(join(root, 'package.json'))}\0graphql ${versionOf(requireHere.resolve('graphql/package.json'))}\0`,
  );
  for (const file of modulesUnder(tree)) {
    hash
      .update(`${relative(tree, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  ownCode = hash.digest('hex');
  return ownCode;
}

/** The JavaScript and TypeScript modules under `folder` (declarations aside), sorted. */
function modulesUnder(folder: string): string[] {
  // Node 20's readdirSync({ recursive }) takes several times as long.
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...modulesUnder(path));
    else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found.sort(compareCodeUnits);
}

/**
 * Babel's and graphql-tag-pluck's versions, as they find the GraphQL in code files; `undefined`
 * when they cannot be told (the build is then not cached).
 */
function pluckFingerprint(): string | undefined {
  try {
    const pluck = requireHere.resolve('@graphql-tools/graphql-tag-pluck/package.json');
    const parser = createRequire(pluck).resolve('@babel/parser/package.json');
    return `${versionOf(pluck)} ${versionOf(parser)}`;
  } catch {
    return undefined;
  }
}

/**
 * The key of a build from `inputs`, or `undefined` when it cannot be cached: a file could not be
 * read (its error depends on the moment), or a setting is not plain data.
 */
export function buildKey(inputs: BuildInputs): string | undefined {
  const settings = canonicalJson(inputs.settings);
  if (settings === undefined) return undefined;
  const files: string[] = [];
  for (const [path, text] of inputs.texts) {
    if (typeof text !== 'string') return undefined;
    files.push(`${path}\0${sha256(text)}`);
  }
  const codeFiles = [...inputs.texts.keys()].some((path) => CODE_FILE.test(path));
  const pluck = codeFiles ? pluckFingerprint() : '';
  if (pluck === undefined) return undefined;
  return sha256(
    [
      codeFingerprint(),
      pluck,
      inputs.cwd,
      inputs.output,
      JSON.stringify(inputs.documents),
      inputs.configName,
      settings,
      inputs.schema.sha256,
      String(inputs.schema.intact),
      ...files,
    ].join('\n'),
  );
}

/** The nearest `node_modules` from `cwd` up, where tools keep their caches; none, no cache. */
function cacheFolder(cwd: string): string | undefined {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const modules = join(folder, 'node_modules');
    try {
      if (statSync(modules).isDirectory()) return join(modules, '.cache', 'admin-api');
    } catch {
      // None here: one folder up.
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/** Line `line` (1-based) of `text`, as a diagnostic shows it; `undefined` past the end. */
function lineOf(text: string, line: number): string | undefined {
  let start = 0;
  for (let at = 1; at < line; at++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return undefined;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}

/**
 * A diagnostic as stored: without the text of its line when that is the line of its file (the
 * file is read anyway, and the vendor's one-line operations would store kilobytes a warning).
 */
interface StoredDiagnostic extends Omit<Diagnostic, 'location'> {
  readonly location?:
    | (Omit<DiagnosticLocation, 'lineText'> & { readonly lineText?: string | undefined })
    | undefined;
}

function storedDiagnostic(diagnostic: Diagnostic, texts: DocumentTexts): StoredDiagnostic {
  const { location } = diagnostic;
  const text = location && texts.get(location.file);
  if (!location || typeof text !== 'string' || lineOf(text, location.line) !== location.lineText) {
    return diagnostic;
  }
  const { file, line, column } = location;
  return { ...diagnostic, location: { file, line, column } };
}

/** A stored diagnostic with the text of its line back; `undefined` when its file has no such line. */
function restoredDiagnostic(
  diagnostic: StoredDiagnostic,
  texts: DocumentTexts,
): Diagnostic | undefined {
  const { location, ...rest } = diagnostic;
  if (!location) return rest;
  const text = texts.get(location.file);
  const lineText =
    location.lineText ?? (typeof text === 'string' ? lineOf(text, location.line) : undefined);
  return lineText === undefined ? undefined : { ...rest, location: { ...location, lineText } };
}

const isLocation = (value: unknown): boolean => {
  const { file, line, column, lineText } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof file === 'string' &&
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    (lineText === undefined || typeof lineText === 'string')
  );
};

const isDiagnostic = (value: unknown): value is StoredDiagnostic => {
  if (typeof value !== 'object' || value === null) return false;
  const { severity, code, message, location } = value as Record<string, unknown>;
  return (
    (severity === 'error' || severity === 'warning') &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (location === undefined || isLocation(location))
  );
};

/** A build as stored: see {@link StoredDiagnostic}. */
interface StoredBuild extends Omit<ReusableBuild, 'diagnostics'> {
  readonly diagnostics: readonly StoredDiagnostic[];
}

/** A stored build's body, checked field by field: a file from anywhere must not become output. */
function readBuild(value: unknown): StoredBuild | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { module, diagnostics, errors, warnings, operations } = value as Record<string, unknown>;
  if (module !== null && typeof module !== 'string') return undefined;
  if (!Array.isArray(diagnostics) || !diagnostics.every(isDiagnostic)) return undefined;
  if (![errors, warnings, operations].every(Number.isInteger)) return undefined;
  return {
    module: module ?? undefined,
    diagnostics,
    errors: errors as number,
    warnings: warnings as number,
    operations: operations as number,
  };
}

interface Stored {
  readonly key: string;
  readonly schema: KnownSchema;
  readonly build: StoredBuild;
}

/**
 * The stored build in `file`: a header line (format, code, key, schema, the body's sha256), then
 * the body. Anything else (no file, cut short, edited, another version's) is no build.
 */
function readStored(file: string): Stored | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  try {
    const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
    const body = text.slice(newline + 1);
    const schema = header.schema as Record<string, unknown> | null | undefined;
    if (
      header.format !== FORMAT ||
      header.code !== codeFingerprint() ||
      typeof header.key !== 'string' ||
      typeof schema?.sha256 !== 'string' ||
      typeof schema.intact !== 'boolean' ||
      header.body !== sha256(body)
    ) {
      return undefined;
    }
    const build = readBuild(JSON.parse(body));
    const known = { sha256: schema.sha256, intact: schema.intact };
    return build && { key: header.key, schema: known, build };
  } catch {
    return undefined;
  }
}

/** The build cache of the module at `output` (absolute), for runs in `cwd`. */
export function openBuildCache(output: string, cwd: string): BuildCache {
  const folder = cacheFolder(cwd);
  const file = folder && join(folder, `build-${sha256(output).slice(0, 16)}.txt`);
  const stored = file ? readStored(file) : undefined;
  return {
    known: stored?.schema,
    reuse(key, texts) {
      if (stored?.key !== key) return undefined;
      const diagnostics: Diagnostic[] = [];
      for (const diagnostic of stored.build.diagnostics) {
        const restored = restoredDiagnostic(diagnostic, texts);
        if (!restored) return undefined;
        diagnostics.push(restored);
      }
      return { ...stored.build, diagnostics };
    },
    store(key, schema, build, texts) {
      if (!file) return;
      const { module, errors, warnings, operations } = build;
      const body = JSON.stringify({
        module: module ?? null,
        diagnostics: build.diagnostics.map((diagnostic) => storedDiagnostic(diagnostic, texts)),
        errors,
        warnings,
        operations,
      });
      const header = JSON.stringify({
        format: FORMAT,
        code: codeFingerprint(),
        key,
        schema,
        body: sha256(body),
      });
      try {
        writeFileAtomic(file, `${header}\n${body}`);
      } catch {
        // A read-only node_modules: the next run builds again, as this one did.
      }
    },
  };
}
