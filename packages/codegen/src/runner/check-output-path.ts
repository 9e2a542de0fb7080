import { relative, sep } from 'node:path';
import { CodegenError } from '../errors.js';

/** Files `admin-api codegen` reads: none may be the output. Paths are absolute. */
export interface CodegenInputs {
  readonly configFile: string;
  readonly cachePath: string | false;
  readonly envFile: string | false;
  /** The document globs, as written in the config. */
  readonly documents: readonly string[];
}

const GRAPHQL_FILE = /\.(graphql|graphqls|gql)$/i;

const shown = (path: string) => relative(process.cwd(), path).split(sep).join('/') || path;

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
