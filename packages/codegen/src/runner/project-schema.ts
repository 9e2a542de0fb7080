import { buildASTSchema, type DocumentNode, type GraphQLSchema, validateSchema } from 'graphql';
import type { ResolvedCodegenOptions } from '../define-config.js';
import { CodegenError } from '../errors.js';
import { adminApiCommand } from '../package-manager.js';
import { loadSchemaSdlKnowing, type SchemaLogger } from '../schema/load-schema.js';
import {
  inspectSchemaCache,
  type KnownSchema,
  sha256,
  unusableCacheError,
} from '../schema/schema-cache.js';

/** A schema to check documents against and generate from, and the SDL it was built from. */
export interface ProjectSchema {
  readonly schema: GraphQLSchema;
  readonly sdl: string;
  /** The SDL, parsed (without locations). */
  readonly document: DocumentNode;
  /** The SDL's sha256, and whether it came whole from introspection (see `KnownSchema`). */
  readonly known: KnownSchema;
}

/**
 * Builds the schema. One that came from introspection (over the network, or a cache that matches
 * its sha256 header) is valid as the service serves it, so it is not validated again (a third of
 * building it); one edited by hand is, here, so that a broken one is reported as the cache's
 * fault rather than by graphql-js's validate() in the middle of checking the documents.
 */
function validSchema(document: DocumentNode, intact: boolean, origin: string): GraphQLSchema {
  const schema = buildASTSchema(document, { assumeValidSDL: true, assumeValid: intact });
  const problems = intact ? [] : validateSchema(schema);
  if (problems.length > 0) {
    throw new CodegenError(
      'INVALID_CACHE',
      `The schema from ${origin} is not valid: ${problems
        .slice(0, 5)
        .map((problem) => problem.message)
        .join('; ')}. Run \`${adminApiCommand('schema pull')}\` to rewrite the cache.`,
    );
  }
  return schema;
}

/**
 * The project's schema, built now; or, when the SDL is `known` (it built before, so it builds
 * again, and with no error), when `schema` is first read: a run whose build is reused never
 * builds it.
 */
function build(
  loaded: { readonly sdl: string; readonly document: DocumentNode; readonly intact: boolean },
  origin: string,
  known?: KnownSchema,
): ProjectSchema {
  const { sdl, intact } = loaded;
  const hash = sha256(sdl);
  let schema: GraphQLSchema | undefined;
  if (known?.sha256 !== hash || known.intact !== intact) {
    schema = validSchema(loaded.document, intact, origin);
  }
  return {
    get schema() {
      schema ??= validSchema(loaded.document, intact, origin);
      return schema;
    },
    sdl,
    get document() {
      return loaded.document;
    },
    known: { sha256: hash, intact },
  };
}

/**
 * The schema by the cache policy of `defineConfig` (cache, or token and introspection); a cached
 * SDL that is `known` is parsed and built only when the project first needs it.
 */
export async function loadProjectSchema(
  options: ResolvedCodegenOptions,
  logger: SchemaLogger,
  known?: KnownSchema,
): Promise<ProjectSchema> {
  const loaded = await loadSchemaSdlKnowing(
    {
      cachePath: options.cachePath,
      maxAgeMs: options.maxAgeMs,
      refresh: options.refreshSchema,
      credentials: options.credentials,
      logger,
    },
    known,
  );
  return build(
    loaded,
    loaded.from === 'cache' && options.cachePath ? options.cachePath : 'introspection',
    known,
  );
}

/**
 * The schema cache as it is now, after it changed on disk (say, `admin-api schema pull` in another
 * terminal): `undefined` when it is gone, `'unchanged'` when its SDL is still `currentSdl` (then
 * no schema is built). Throws `INVALID_CACHE` when it cannot be used.
 */
export function reloadCachedSchema(
  cachePath: string,
  currentSdl: string,
): ProjectSchema | 'unchanged' | undefined {
  const cache = inspectSchemaCache(cachePath);
  if (!cache) return undefined;
  if ('problem' in cache) throw unusableCacheError(cachePath, cache.problem);
  if (cache.sdl === currentSdl) return 'unchanged';
  return build(cache, cachePath);
}
