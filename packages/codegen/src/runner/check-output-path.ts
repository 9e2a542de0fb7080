import { CodegenError } from '../errors.js';
import { isReplaceableOutput, NOT_WRITTEN_BY_CODEGEN } from './existing-output.js';
import { findDocumentFiles, projectPath } from './find-documents.js';

/** Files `admin-api codegen` reads: none may be the output. Paths are absolute. */
export interface CodegenInputs {
  readonly configFile: string;
  readonly cachePath: string | false;
  readonly envFile: string | false;
  /** The document globs, as written in the config. */
  readonly documents: readonly string[];
}

// Wider than the runner's GRAPHQL_FILE: graphql-codegen's file loader reads `.graphqls` too.
const GRAPHQL_FILE = /\.(graphql|graphqls|gql)$/i;

// The working directory itself shows as itself, not as an empty path.
const shown = (path: string) => projectPath(path) || path;

/**
 * Refuses (`INVALID_OPTION`, naming both) an `output` that is one of the files codegen reads: the
 * config file, the schema cache, the env file, or a GraphQL document (the module is TypeScript; a
 * `.graphql` output is what document globs match); and an `output` that is a file codegen did not
 * write (no generated header, not empty), such as a `.ts` document holding the user's code.
 * `output` is absolute.
 */
export function checkOutputPath(output: string, inputs: CodegenInputs): void {
  const refuse = (what: string) =>
    new CodegenError(
      'INVALID_OPTION',
      `"output" in ${shown(inputs.configFile)} is ${shown(output)}, ${what}: writing the module there would overwrite it. Choose another output, e.g. 'src/generated/admin-api.ts'.`,
    );
  const globs = () => inputs.documents.map((glob) => `"${glob}"`).join(', ');
  if (output === inputs.configFile) throw refuse('the config file itself');
  if (output === inputs.cachePath) throw refuse('the schema cache');
  if (output === inputs.envFile) throw refuse('the env file');
  if (GRAPHQL_FILE.test(output)) {
    throw refuse(`a GraphQL document (as the documents ${globs()} read)`);
  }
  if (!isReplaceableOutput(output)) {
    // Globbed only on this failure path: the message says whether it is one of the documents.
    throw refuse(
      findDocumentFiles(inputs.documents, []).includes(projectPath(output))
        ? `one of your documents (the documents ${globs()} match it), not a module admin-api codegen wrote`
        : NOT_WRITTEN_BY_CODEGEN,
    );
  }
}
