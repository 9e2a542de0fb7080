import { resolve } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import type { CodegenDocumentFile } from './codegen-plugin-types.js';
import { buildModule, type ModuleBuild } from './core/build-module.js';
import { codegenSettings } from './core/codegen-settings.js';
import { CodegenError } from './errors.js';
import type { Diagnostic } from './runner/diagnostic.js';
import { projectPath } from './runner/find-documents.js';
import {
  countProblems,
  formatDiagnosticHead,
  formatDiagnosticText,
  plainStyle,
} from './runner/format-diagnostics.js';
import {
  CODE_FILE,
  type DocumentFile,
  GRAPHQL_FILE,
  parseDocumentFile,
  readDocumentText,
  unreadableFile,
} from './runner/load-documents.js';
import { mayHoldGraphql, preparePlucking } from './runner/pluck-templates.js';

/** Where the graphql-codegen door reports warnings: one each, `file:line:column: message`. */
export type WarningReporter = (line: string) => void;

const stderrWarnings: WarningReporter = (line) =>
  process.stderr.write(`[admin-api] warning: ${line}\n`);

/**
 * graphql-codegen's document files as the core reads them. A file on disk is read and parsed
 * again, as `admin-api codegen` reads it, so that every diagnostic has the file's own line and
 * column (graphql-codegen's copy of a `.ts` file's operations has the template's). A document
 * with no file the core reads (a URL, a `.vue` file, a string in the config) is taken as
 * graphql-codegen parsed it, without a place for its diagnostics.
 */
export async function documentFilesOf(
  documents: readonly CodegenDocumentFile[],
  cwd = process.cwd(),
): Promise<DocumentFile[]> {
  const files = new Map<string, DocumentFile>();
  const texts = new Map<string, string>();
  documents.forEach((document, index) => {
    const { location } = document;
    if (location && (GRAPHQL_FILE.test(location) || CODE_FILE.test(location))) {
      const absolute = resolve(cwd, location);
      const path = projectPath(absolute, cwd);
      try {
        const text = readDocumentText(absolute);
        if (text !== undefined) {
          texts.set(path, text);
          return;
        }
      } catch (error) {
        files.set(path, unreadableFile(path, error));
        return;
      }
    }
    const path = location ?? `document ${index + 1}`;
    files.set(path, {
      path,
      text: '',
      documents: document.document ? [{ document: document.document, offset: 0 }] : [],
      diagnostics: [],
    });
  });
  if ([...texts].some(([path, text]) => CODE_FILE.test(path) && mayHoldGraphql(text))) {
    await preparePlucking();
  }
  for (const [path, text] of texts) files.set(path, parseDocumentFile(path, text));
  return [...files.values()];
}

/**
 * The errors of a build as one `CodegenError`, coded by the first: graphql-codegen shows one
 * message per output, so each problem is one line of it, as `admin-api codegen` heads them.
 */
export function documentsError(diagnostics: readonly Diagnostic[]): CodegenError {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const first = errors[0];
  return new CodegenError(
    first?.code === 'DEPRECATED' || !first ? 'DOCUMENT_ERROR' : first.code,
    `@admin-api/codegen: ${countProblems(errors)}:\n  ${errors.map((error) => formatDiagnosticHead(error, plainStyle)).join('\n  ')}`,
  );
}

/**
 * The module for graphql-codegen's documents, by the core: the same checks, diagnostics and bytes
 * as `admin-api codegen` for the same files. Warnings go to stderr; an error rejects with
 * {@link documentsError}. `config` is the output's (`INVALID_OPTION` for a bad option).
 */
export async function buildForGraphqlCodegen(
  schema: GraphQLSchema,
  documents: readonly CodegenDocumentFile[],
  config: object,
): Promise<string> {
  const settings = codegenSettings(config);
  const build: ModuleBuild = buildModule(schema, await documentFilesOf(documents), settings);
  return moduleOf(build, stderrWarnings);
}

/** A build's module, its warnings told to `warn`; a build with an error throws {@link documentsError}. */
export function moduleOf(
  build: { readonly module?: string | undefined; readonly diagnostics: readonly Diagnostic[] },
  warn: WarningReporter,
): string {
  for (const diagnostic of build.diagnostics) {
    if (diagnostic.severity === 'warning') warn(formatDiagnosticText(diagnostic));
  }
  if (build.module === undefined) throw documentsError(build.diagnostics);
  return build.module;
}
