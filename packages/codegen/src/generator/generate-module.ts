import type { GraphQLSchema } from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import {
  collectDefinitions,
  type Definitions,
  type FragmentDefinition,
  type SourceDocuments,
} from './collect-definitions.js';
import { DefinitionCompiler } from './compile-definition.js';
import {
  type GeneratorConfig,
  type ResolvedGeneratorConfig,
  resolveGeneratorConfig,
} from './config.js';
import { HEADER, IMPORTED_NAMES, printImports } from './module-parts.js';
import { printSchemaTypes } from './print-schema-types.js';
import { printSdk } from './print-sdk.js';
import { ShapePrinter } from './print-shapes.js';
import { refuseReservedMethods } from './reserved-methods.js';
import { nameShapes, type RootShape } from './shape-names.js';
import { fragmentTypeName, MODULE_TYPE_NAMES, schemaTypeNames } from './type-names.js';

/** The names the module declares for the definitions, which no schema type may take. */
function generatedNames(
  operations: Definitions['operations'],
  fragments: Iterable<FragmentDefinition>,
): Set<string> {
  const names = new Set<string>();
  for (const { node } of fragments) names.add(fragmentTypeName(node));
  for (const { names: declared } of operations) {
    names.add(declared.result).add(declared.variables).add(declared.document);
  }
  return names;
}

/** Assembles the module from the compiled definitions; the compiler keeps what can be kept. */
function printModule(
  schema: GraphQLSchema,
  config: ResolvedGeneratorConfig,
  compiler: DefinitionCompiler,
  { operations, fragments }: Definitions,
): string {
  refuseReservedMethods(operations);
  const typeNames = schemaTypeNames(schema, generatedNames(operations, fragments.values()));
  compiler.beginModule(typeNames);
  const compiledFragments = [...fragments.values()]
    .map((fragment) => compiler.fragment(fragment, fragments))
    .sort((a, b) => compareCodeUnits(a.name, b.name));
  const compiledOperations = operations.map((operation) =>
    compiler.operation(operation, fragments),
  );

  const used = new Set<string>();
  for (const compiled of [...compiledFragments, ...compiledOperations]) {
    for (const name of compiled.used) used.add(name);
  }
  const schemaTypes = printSchemaTypes(schema, typeNames, used, config.inputScalarType);

  const roots: RootShape[] = [
    ...compiledFragments,
    ...compiledOperations.map(({ operation, shape }) => ({ name: operation.names.result, shape })),
  ];
  const reserved = new Set([
    ...IMPORTED_NAMES,
    ...MODULE_TYPE_NAMES,
    'getSdk',
    ...schemaTypes.keys(),
  ]);
  for (const { operation } of compiledOperations) {
    reserved.add(operation.names.variables).add(operation.names.document);
  }
  const naming = nameShapes(roots, reserved, compiler.keys);
  const printer = new ShapePrinter(naming);
  const declare = (prefix: string, root: RootShape) => {
    const alias = naming.aliasOf(root);
    return alias === undefined ? printer.declaration(prefix, root.shape) : `${prefix}${alias};`;
  };

  const sections = [
    HEADER,
    printImports(config, compiledOperations.length > 0),
    [...schemaTypes.values()].join('\n'),
    naming.shared
      .map((shared) => printer.declaration(`type ${shared.name} = `, shared.shape))
      .join('\n'),
    compiledFragments
      .map((fragment) => declare(`export type ${fragment.name} = `, fragment))
      .join('\n'),
    compiledOperations
      .map(({ operation, shape, variables, document }) => {
        const { result } = operation.names;
        const root = { name: result, shape };
        return [variables, declare(`export type ${result} = `, root), document].join('\n');
      })
      .join('\n\n'),
    printSdk(compiledOperations, config),
  ];
  return `${sections.filter((section) => section !== '').join('\n\n')}\n`;
}

/**
 * The whole module, deterministic: same inputs, same bytes, whatever the order of `sources` or
 * the locale. Throws a `CodegenError` with the file and line where a document cannot become an
 * SDK method (`ANONYMOUS_OPERATION`, `DUPLICATE_METHOD` with both locations, `DOCUMENT_ERROR`,
 * `RESERVED_METHOD_NAME`), or cannot be typed within bounds (`DOCUMENT_TOO_DEEP`, past
 * `MAX_SELECTION_DEPTH`; `DOCUMENT_TOO_COMPLEX`, past `MAX_MERGE_WORK`).
 *
 * @example
 * const source = generateModule(schema, [{ location: 'src/me.graphql', documents: [parse(text)] }]);
 */
export function generateModule(
  schema: GraphQLSchema,
  sources: readonly SourceDocuments[],
  config?: GeneratorConfig,
): string {
  return generateResolvedModule(schema, sources, resolveGeneratorConfig(config));
}

/** {@link generateModule} with the options already resolved (the preset resolves them up front). */
export function generateResolvedModule(
  schema: GraphQLSchema,
  sources: readonly SourceDocuments[],
  config: ResolvedGeneratorConfig,
): string {
  const compiler = new DefinitionCompiler(schema, config);
  return printModule(schema, config, compiler, collectDefinitions(sources));
}

/** The generator of a watcher: see {@link createIncrementalGenerator}. */
export interface IncrementalGenerator {
  /**
   * The module for the definitions of the current files, as `collectDefinitions` gathers them
   * (or `inspectDefinitions`, when it found no problem: the runner checks them before
   * generating, so they are not gathered twice): exactly what {@link generateModule} prints for
   * those files.
   */
  print(definitions: Definitions): string;
}

/**
 * For a watcher: keeps the compiled form of every operation and fragment, and on `print()`
 * recompiles only those whose definition or fragments changed since, then reassembles the module.
 * Takes the options resolved, as {@link generateResolvedModule} does: the runner resolves them
 * once, before the schema step, and keeps them for every generator it makes.
 *
 * @example
 * const generator = createIncrementalGenerator(schema, resolveGeneratorConfig(options));
 * const sources = [{ location: 'src/me.graphql', documents: [parse(text)] }];
 * writeFileSync(output, generator.print(collectDefinitions(sources)));
 */
export function createIncrementalGenerator(
  schema: GraphQLSchema,
  config: ResolvedGeneratorConfig = resolveGeneratorConfig(),
): IncrementalGenerator {
  const compiler = new DefinitionCompiler(schema, config);
  return { print: (definitions) => printModule(schema, config, compiler, definitions) };
}
