import { resolve } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { generateChecked, type ModuleBuild } from '../core/build-module.js';
import type { ResolvedCodegenOptions } from '../define-config.js';
import { createIncrementalGenerator } from '../generator/index.js';
import type { Diagnostic } from './diagnostic.js';
import {
  createDocumentChecker,
  type DocumentChecker,
  type ValidationMemory,
} from './document-diagnostics.js';
import { findDocumentFiles, projectPath } from './find-documents.js';
import {
  CODE_FILE,
  type DocumentFile,
  parseDocumentFile,
  readDocumentText,
  unreadableFile,
} from './load-documents.js';
import { NO_CLOCK, type PhaseClock } from './phase-clock.js';
import { mayHoldGraphql, preparePlucking } from './pluck-templates.js';
import type { RunnerSettings } from './runner-settings.js';

/** One build: the documents' problems, and the module when there is no error. */
export type ProjectBuild = ModuleBuild;

/**
 * The documents of one `defineConfig` output, kept parsed and checked between builds, with the
 * generator: what a one-shot run builds once and the watcher rebuilds after each change.
 */
export interface CodegenProject {
  /** Absolute path of the module to write. */
  readonly output: string;
  /** The schema it checks and generates against now. */
  readonly schema: GraphQLSchema;
  /**
   * Finds the documents again and reads the files in `changed` (absolute paths), and those that
   * appeared; everything the first time, or takes `texts` as the files and what they hold (see
   * {@link readDocumentTexts}). Resolves to how many files changed, added or went.
   */
  refresh(changed?: Iterable<string>, texts?: DocumentTexts): Promise<number>;
  /** Replaces the schema: every file is checked again and the generator starts afresh. */
  setSchema(schema: GraphQLSchema): void;
  /** Checks, then generates when there is no error; `clock` gets a lap for each. */
  build(clock?: PhaseClock): ProjectBuild;
}

/** A document file's text, the error of one that cannot be read, or `undefined` when it went. */
export type DocumentText = string | DocumentFile | undefined;

/** Document files by project path, sorted, with what each holds. */
export type DocumentTexts = ReadonlyMap<string, DocumentText>;

/** The files the documents globs must not match: the module, and the schema cache. */
function notDocuments(options: ResolvedCodegenOptions, output: string): string[] {
  return options.cachePath ? [output, options.cachePath] : [output];
}

function readText(path: string, cwd: string): DocumentText {
  try {
    return readDocumentText(resolve(cwd, path));
  } catch (error) {
    return unreadableFile(path, error);
  }
}

/** Finds the document files of `options` and reads them, as a project's first refresh does. */
export function readDocumentTexts(
  options: ResolvedCodegenOptions,
  cwd = process.cwd(),
): DocumentTexts {
  const files = findDocumentFiles(
    options.documents,
    notDocuments(options, resolve(cwd, options.output)),
    cwd,
  );
  return new Map(files.map((path) => [path, readText(path, cwd)]));
}

const NO_DOCUMENTS = (patterns: readonly string[], configName: string): Diagnostic => ({
  severity: 'error',
  code: 'NO_DOCUMENTS',
  message: `no file matches the documents ${patterns.map((p) => `"${p}"`).join(', ')} (from ${configName})`,
});

/**
 * @param incremental keep each file's problems between builds (the watcher), rather than check
 * everything in one pass (one run)
 * @param memory for one run: the files' validation problems that earlier runs found
 */
export function createCodegenProject(
  options: ResolvedCodegenOptions,
  initialSchema: GraphQLSchema,
  settings: RunnerSettings,
  incremental: boolean,
  cwd = process.cwd(),
  memory?: ValidationMemory,
): CodegenProject {
  const output = resolve(cwd, options.output);
  const excluded = notDocuments(options, output);
  const checker: DocumentChecker = createDocumentChecker(
    initialSchema,
    settings.check,
    incremental,
    memory,
  );
  let schema = initialSchema;
  let generator = createIncrementalGenerator(initialSchema, settings.generator);
  const known = new Map<string, DocumentFile>();
  let loaded = false;

  function store(path: string, file: DocumentFile | undefined): void {
    if (file) known.set(path, file);
    else known.delete(path);
    checker.setFile(path, file);
  }

  return {
    output,
    get schema() {
      return schema;
    },
    async refresh(changed, given) {
      const current = given
        ? [...given.keys()]
        : findDocumentFiles(options.documents, excluded, cwd);
      const present = new Set(current);
      const toRead = new Set(loaded ? current.filter((path) => !known.has(path)) : current);
      if (loaded && changed) {
        for (const file of changed) {
          const path = projectPath(file, cwd);
          if (present.has(path)) toRead.add(path);
        }
      }
      loaded = true;
      let changes = 0;
      for (const path of known.keys()) {
        if (!present.has(path)) {
          store(path, undefined);
          changes++;
        }
      }
      const texts = new Map<string, DocumentText>();
      for (const path of [...toRead].sort()) {
        const text = given?.has(path) ? given.get(path) : readText(path, cwd);
        const before = known.get(path);
        if (before ? text === before.text : text === undefined) continue;
        texts.set(path, text);
      }
      if (
        [...texts].some(
          ([path, text]) =>
            typeof text === 'string' && CODE_FILE.test(path) && mayHoldGraphql(text),
        )
      ) {
        await preparePlucking();
      }
      for (const [path, text] of texts) {
        store(path, typeof text === 'string' ? parseDocumentFile(path, text) : text);
        changes++;
      }
      return changes;
    },
    setSchema(next) {
      schema = next;
      checker.setSchema(next);
      generator = createIncrementalGenerator(next, settings.generator);
    },
    build(clock = NO_CLOCK) {
      const check = checker.check();
      clock.lap('check');
      if (known.size === 0) {
        return {
          ...check,
          diagnostics: [...check.diagnostics, NO_DOCUMENTS(options.documents, settings.configName)],
          errors: check.errors + 1,
          module: undefined,
        };
      }
      return generateChecked(check, generator, settings, clock);
    },
  };
}
