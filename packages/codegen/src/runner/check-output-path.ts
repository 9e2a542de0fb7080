import { CodegenError } from '../errors.js';
import { projectPath } from './find-documents.js';

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
 * `.graphql` output is what document globs match). `output` is absolute.
 */
export function checkOutputPath(output: string, inputs: CodegenInputs): void {
  const refuse = (what: string) =>
    new CodegenError(
      'INVALID_OPTION',
      `"output" in ${shown(inputs.configFile)} is ${shown(output)}, ${what}: writing the module there would overwrite it. Choose another output, e.g. 'src/generated/admin-api.ts'.`,
    );
  if (output === inputs.configFile) throw refuse('the config file itself');
  if (output === inputs.cachePath) throw refuse('the schema cache');
  if (output === inputs.envFile) throw refuse('the env file');
  if (GRAPHQL_FILE.test(output)) {
    const globs = inputs.documents.map((glob) => `"${glob}"`).join(', ');
    throw refuse(`a GraphQL document (as the documents ${globs} read)`);
  }
}
