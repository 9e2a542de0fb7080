import { relative } from 'node:path';
import { GraphQLFileLoader } from '@graphql-tools/graphql-file-loader';
import { loadDocuments } from '@graphql-tools/load';
import {
  type BreakingChange,
  buildASTSchema,
  buildSchema,
  type DangerousChange,
  type DocumentNode,
  findBreakingChanges,
  findDangerousChanges,
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  NoUnusedFragmentsRule,
  type OperationDefinitionNode,
  specifiedRules,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { sourceLocation } from '../core/source-location.js';
import { CodegenError } from '../errors.js';
import { adminApiCommand, packageManagerCommands } from '../package-manager.js';
import { requireCredentialsFromEnvironment } from '../schema/credentials.js';
import { introspectSchema } from '../schema/introspect.js';
import { readSchemaCache, unusableCacheError } from '../schema/schema-cache.js';
import type { CliIo } from './cli-io.js';
import { projectSettings } from './project-settings.js';

interface LoadedDocument {
  file: string;
  document: DocumentNode;
  operations: string[];
  /** Every named type the document touches: fields' types, variables, fragment conditions. */
  types: Set<string>;
  /** Every field it selects, as `Type.field` of the type it selects it on. */
  fields: Set<string>;
}

function schemaUsed(
  schema: GraphQLSchema,
  document: DocumentNode,
): Pick<LoadedDocument, 'types' | 'fields'> {
  const types = new Set<string>();
  const fields = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  const add = (type: GraphQLType | null | undefined) => {
    if (type) types.add(getNamedType(type).name);
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        add(parent);
        add(typeInfo.getType());
        if (parent) fields.add(`${parent.name}.${node.name.value}`);
      },
      Argument() {
        add(typeInfo.getInputType());
      },
      ObjectField() {
        add(typeInfo.getInputType());
      },
      NamedType(node) {
        types.add(node.name.value);
      },
    }),
  );
  return { types, fields };
}

/**
 * The documents a change may break. A change to a field of an object or interface type (named
 * `Type.field` in graphql-js's description) affects only the documents selecting that field;
 * any other change, every document touching a type it names (an input field or an enum value
 * may arrive through variables, which a document does not show).
 */
function affected(
  change: BreakingChange | DangerousChange,
  documents: readonly LoadedDocument[],
  schema: GraphQLSchema,
): string[] {
  const outputFields = (change.description.match(/\b[A-Za-z_]\w*\.[A-Za-z_]\w*\b/g) ?? []).filter(
    (coordinate) => {
      const type = schema.getType(coordinate.slice(0, coordinate.indexOf('.')));
      return isObjectType(type) || isInterfaceType(type);
    },
  );
  const names = new Set(change.description.match(/\b[A-Za-z_]\w*\b/g) ?? []);
  const touches = (doc: LoadedDocument) =>
    outputFields.length > 0
      ? outputFields.some((field) => doc.fields.has(field))
      : [...doc.types].some((type) => names.has(type));
  return documents
    .filter(touches)
    .map((doc) => `${doc.file}${doc.operations.length ? ` (${doc.operations.join(', ')})` : ''}`);
}

/**
 * `admin-api schema check`: compares the live schema with the cache and lists breaking and
 * dangerous changes with the documents they affect. Exit code 1 on breaking changes or on
 * documents that no longer validate, so CI can stop before codegen output goes stale.
 */
export async function schemaCheck(
  flags: { config?: string; cache?: string; documents?: string[] },
  io: CliIo,
): Promise<number> {
  const settings = await projectSettings(flags);
  const cached = readSchemaCache(settings.cachePath);
  if (!cached) {
    throw new CodegenError(
      'INVALID_CACHE',
      `No schema cache at ${settings.cachePath} to compare with: run \`${adminApiCommand('schema pull')}\` first.`,
    );
  }
  const credentials = requireCredentialsFromEnvironment('admin-api schema check');
  const pointers = flags.documents?.length ? flags.documents : settings.documents;
  let oldSchema: GraphQLSchema;
  try {
    oldSchema = buildASTSchema(cached.document);
  } catch (error) {
    throw unusableCacheError(
      settings.cachePath,
      `does not describe a valid schema (${(error as Error).message})`,
    );
  }
  const live = await introspectSchema({
    credentials,
    onProgress: (message) => io.progress(message),
  });
  const newSchema = buildSchema(live.sdl);

  io.progress(`loading documents ${pointers.join(', ') || '(none configured)'}`);
  const sources = pointers.length
    ? await loadDocuments(pointers, { loaders: [new GraphQLFileLoader()] })
    : [];
  const documents: LoadedDocument[] = sources.flatMap((source) =>
    source.document
      ? [
          {
            file: source.location ? relative(process.cwd(), source.location) : 'unknown file',
            document: source.document,
            operations: source.document.definitions
              .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
              .map((d) => d.name?.value ?? 'anonymous'),
            ...schemaUsed(oldSchema, source.document),
          },
        ]
      : [],
  );

  const breaking = findBreakingChanges(oldSchema, newSchema);
  const dangerous = findDangerousChanges(oldSchema, newSchema);
  const fragments = documents.flatMap((doc) =>
    doc.document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
  );
  // Each document is validated with the other files' fragments, as codegen sees them.
  const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  const invalid = documents.flatMap((doc) => {
    const own = new Set(doc.document.definitions);
    const withFragments = {
      ...doc.document,
      definitions: [...doc.document.definitions, ...fragments.filter((f) => !own.has(f))],
    };
    return validate(newSchema, withFragments, rules).map(
      (error) =>
        `${error.nodes?.[0] ? sourceLocation(doc.file, error.nodes[0]) : doc.file}  ${error.message}`,
    );
  });

  io.out(
    `Comparing ${settings.cachePath} (fetched ${cached.fetchedAt.toISOString()}) with ${live.endpoint}`,
  );
  const list = (
    title: string,
    mark: string,
    changes: readonly (BreakingChange | DangerousChange)[],
  ) => {
    io.out(`${title} (${changes.length})${changes.length ? ':' : ''}`);
    for (const change of changes) {
      io.out(`  ${mark} ${change.type}  ${change.description}`);
      for (const where of affected(change, documents, oldSchema)) io.out(`      affects ${where}`);
    }
  };
  list('Breaking changes', '✘', breaking);
  list('Dangerous changes', '!', dangerous);
  if (invalid.length) {
    io.out(`Documents that no longer validate against the live schema (${invalid.length}):`);
    for (const line of invalid) io.out(`  ✘ ${line}`);
  }
  if (breaking.length === 0 && dangerous.length === 0 && cached.sdl !== live.sdl) {
    io.out(
      `Only safe changes (additions). Run \`${adminApiCommand('schema pull')}\` to take them.`,
    );
  } else if (breaking.length || dangerous.length) {
    io.out(
      `Run \`${adminApiCommand('schema pull')}\` to update the cache, then \`${packageManagerCommands().codegen}\`, and fix what the build reports.`,
    );
  } else {
    io.out('✔ The cache matches the live schema.');
  }
  return breaking.length > 0 || invalid.length > 0 ? 1 : 0;
}
