import type { GraphQLSchema } from 'graphql';
import { CodegenError } from '../errors.js';
import { createIncrementalGenerator, type IncrementalGenerator } from '../generator/index.js';
import { createDocumentChecker, type DocumentCheck } from '../runner/document-diagnostics.js';
import type { DocumentFile } from '../runner/load-documents.js';
import { NO_CLOCK, type PhaseClock } from '../runner/phase-clock.js';
import type { CodegenSettings } from './codegen-settings.js';

/** One build: the documents' problems, and the module when there is no error. */
export interface ModuleBuild extends DocumentCheck {
  readonly module: string | undefined;
}

/**
 * The module for documents already checked, or none when the check found an error: what both
 * doors write. With validation against the schema skipped (`skipDocumentsValidation`), a
 * document the schema does not allow may reach the generator, which then stops with
 * `DOCUMENT_ERROR`.
 */
export function generateChecked(
  check: DocumentCheck,
  generator: IncrementalGenerator,
  settings: CodegenSettings,
  clock: PhaseClock = NO_CLOCK,
): ModuleBuild {
  if (check.errors > 0) return { ...check, module: undefined };
  try {
    const module = generator.print(check.definitions);
    clock.lap('generate');
    return { ...check, module };
  } catch (error) {
    if (settings.check.validateAgainstSchema) throw error;
    throw new CodegenError(
      'DOCUMENT_ERROR',
      `Generating failed, probably on a document that does not validate (config.skipDocumentsValidation is set; remove it to see the problems): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** Checks `files` against `schema` in one pass, then generates: a build from documents in hand. */
export function buildModule(
  schema: GraphQLSchema,
  files: readonly DocumentFile[],
  settings: CodegenSettings,
): ModuleBuild {
  const checker = createDocumentChecker(schema, settings.check, false);
  for (const file of files) checker.setFile(file.path, file);
  return generateChecked(
    checker.check(),
    createIncrementalGenerator(schema, settings.generator),
    settings,
  );
}
