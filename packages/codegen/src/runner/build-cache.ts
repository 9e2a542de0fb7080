import { join } from 'node:path';
import { compareCodeUnits } from '../compare-code-units.js';
import { type KnownSchema, sha256 } from '../schema/schema-cache.js';
import { cacheFolder, readCacheFile, writeCacheFile } from './cache-file.js';
import { codeFingerprint, pluckFingerprint } from './code-fingerprint.js';
import type { DocumentTexts } from './codegen-project.js';
import type { Diagnostic } from './diagnostic.js';
import { CODE_FILE } from './load-documents.js';
import {
  isStoredDiagnostic,
  restoredDiagnostic,
  type StoredDiagnostic,
  storedDiagnostic,
} from './stored-diagnostic.js';

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

/** A build as stored: see {@link StoredDiagnostic}. */
interface StoredBuild extends Omit<ReusableBuild, 'diagnostics'> {
  readonly diagnostics: readonly StoredDiagnostic[];
}

/** A stored build's body, checked field by field: a file from anywhere must not become output. */
function readBuild(value: unknown): StoredBuild | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { module, diagnostics, errors, warnings, operations } = value as Record<string, unknown>;
  if (module !== null && typeof module !== 'string') return undefined;
  if (!Array.isArray(diagnostics) || !diagnostics.every(isStoredDiagnostic)) return undefined;
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

/** The stored build in `file`: see `readCacheFile`; its header also holds the key and the schema. */
function readStored(file: string): Stored | undefined {
  const entry = readCacheFile(file, FORMAT);
  if (!entry) return undefined;
  const { key } = entry.header;
  const schema = entry.header.schema as Record<string, unknown> | null | undefined;
  if (
    typeof key !== 'string' ||
    typeof schema?.sha256 !== 'string' ||
    typeof schema.intact !== 'boolean'
  ) {
    return undefined;
  }
  const build = readBuild(entry.body);
  return build && { key, schema: { sha256: schema.sha256, intact: schema.intact }, build };
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
      writeCacheFile(file, FORMAT, { key, schema }, body);
    },
  };
}
