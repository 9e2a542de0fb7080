import {
  type ExecutableDefinitionNode,
  type GraphQLCompositeType,
  GraphQLNonNull,
  type GraphQLSchema,
  isCompositeType,
  isInputType,
  isNonNullType,
  Kind,
  type OperationDefinitionNode,
  print,
  TypeInfo,
  typeFromAST,
  ValidationContext,
} from 'graphql';
import { leadingComment } from '../core/source-location.js';
import type { FragmentDefinition, OperationDefinition } from './collect-definitions.js';
import type { MergeWork } from './collect-fields.js';
import type { ResolvedGeneratorConfig } from './config.js';
import { documentError } from './document-errors.js';
import { compactDefinition, fragmentDependencies, printDocument } from './print-documents.js';
import { type InputTypeContext, inputEntry } from './print-schema-types.js';
import { MAX_LINE } from './print-shapes.js';
import { checkSelectionDepth } from './selection-depth.js';
import { type SelectionShape, ShapeBuilder } from './selection-shape.js';
import { ShapeKeys } from './shape-keys.js';
import { fragmentTypeName, type SchemaTypeNames, schemaTypeNames } from './type-names.js';

/** Everything of one operation or fragment that does not depend on the rest of the module. */
interface Compiled {
  /** The fragments it was compiled against: it stays valid while their texts are the same. */
  readonly dependencies: ReadonlyMap<string, string>;
  /** Its result: an operation's `XQuery`, a fragment's `XFragment`. */
  readonly shape: SelectionShape;
  /** GraphQL names of the enums and input objects it refers to. */
  readonly used: ReadonlySet<string>;
}

export interface CompiledOperation extends Compiled {
  readonly operation: OperationDefinition;
  /** `export type XQueryVariables = …;` */
  readonly variables: string;
  /** `export const XDocument = …;` */
  readonly document: string;
  /** The `#` comment above it in its file, for the SDK method's TSDoc. */
  readonly comment: string | undefined;
}

export interface CompiledFragment extends Compiled {
  readonly name: string;
}

type Fragments = ReadonlyMap<string, FragmentDefinition>;

const MAX_SHAPE_KEYS = 200_000;

/**
 * Compiles operations and fragments, keeping each result for as long as its definition node and
 * the texts of the fragments it uses stay the same: the incremental generator redoes only what
 * an edit touched.
 */
export class DefinitionCompiler {
  private operations = new WeakMap<ExecutableDefinitionNode, CompiledOperation>();
  private fragments = new WeakMap<ExecutableDefinitionNode, CompiledFragment>();
  private shapeKeys = new ShapeKeys();
  /** The names the schema's types take in the module being compiled. */
  private names: SchemaTypeNames;
  private work: MergeWork = { visited: 0 };

  /**
   * Shape identities for compiling and assembling, kept across prints so unchanged shapes are
   * not keyed again. Keys of shapes no longer used stay behind, so a watcher's long session
   * starts afresh now and then; shapes are keyed again lazily.
   */
  get keys(): ShapeKeys {
    if (this.shapeKeys.size > MAX_SHAPE_KEYS) this.shapeKeys = new ShapeKeys();
    return this.shapeKeys;
  }

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly config: ResolvedGeneratorConfig,
  ) {
    this.names = schemaTypeNames(schema, new Set());
  }

  /**
   * Starts compiling a module: the names the schema's types take in it, and a fresh budget of
   * merge work (what is kept from earlier modules costs nothing). What was compiled with other
   * names is compiled again: that happens only when a schema type's name starts or stops
   * colliding with a generated one.
   */
  beginModule(names: SchemaTypeNames): void {
    if (this.names.key !== names.key) {
      this.operations = new WeakMap();
      this.fragments = new WeakMap();
    }
    this.names = names;
    this.work = { visited: 0 };
  }

  operation(operation: OperationDefinition, fragments: Fragments): CompiledOperation {
    const cached = this.operations.get(operation.node);
    if (cached && isCurrent(cached, fragments)) return cached;
    const compiled = this.compileOperation(operation, fragments);
    this.operations.set(operation.node, compiled);
    return compiled;
  }

  fragment(fragment: FragmentDefinition, fragments: Fragments): CompiledFragment {
    const cached = this.fragments.get(fragment.node);
    if (cached && isCurrent(cached, fragments)) return cached;
    const { node, location } = fragment;
    const type = this.schema.getType(node.typeCondition.name.value);
    if (!isCompositeType(type)) {
      throw documentError(
        location,
        node.typeCondition,
        `Fragment "${node.name.value}" cannot condition on non composite type "${node.typeCondition.name.value}".`,
      );
    }
    const compiled: CompiledFragment = {
      name: fragmentTypeName(node),
      ...this.compileSelection(node, location, type, fragments),
    };
    this.fragments.set(node, compiled);
    return compiled;
  }

  private compileOperation(
    operation: OperationDefinition,
    fragments: Fragments,
  ): CompiledOperation {
    const { node, names, location } = operation;
    const root = this.schema.getRootType(node.operation);
    if (!root)
      throw documentError(location, node, `Schema is not configured for ${node.operation}s.`);
    const selection = this.compileSelection(node, location, root, fragments);
    const used = new Set(selection.used);
    const context: InputTypeContext = {
      names: this.names,
      scalarType: this.config.inputScalarType,
      used,
    };
    const nonNull = variablesUsedAsNonNull(this.schema, node, fragments);
    const entries = (node.variableDefinitions ?? []).map((variable) => {
      const name = variable.variable.name.value;
      const declared = typeFromAST(this.schema, variable.type);
      // Nullable with a default, used where null is an error: it takes a value, or nothing.
      const type = declared && nonNull.has(name) ? new GraphQLNonNull(declared) : declared;
      if (!isInputType(type)) {
        const named = print(variable.type);
        throw documentError(
          location,
          variable,
          `Variable "$${name}" has no input type "${named}".`,
        );
      }
      return inputEntry(name, type, !!variable.defaultValue, context, true);
    });
    return {
      ...selection,
      used,
      operation,
      variables: printVariables(names.variables, entries),
      document: printDocument(compactDefinition(node), selection.dependencies, names, this.config),
      comment: leadingComment(node),
    };
  }

  private compileSelection(
    node: ExecutableDefinitionNode,
    location: string,
    type: GraphQLCompositeType,
    fragments: Fragments,
  ): Compiled {
    // First: what follows recurses a few frames per level of nesting.
    checkSelectionDepth(node, location, fragments);
    const enums = new Set<string>();
    const builder = new ShapeBuilder({
      schema: this.schema,
      names: this.names,
      scalarType: this.config.scalarType,
      fragments,
      definition: node,
      location,
      enums,
      keys: this.keys,
      work: this.work,
    });
    return {
      dependencies: fragmentDependencies(node, fragments),
      shape: builder.root(type),
      used: enums,
    };
  }
}

/**
 * The nullable variables with a default that the operation (or a fragment it spreads) uses where a
 * non-null value is required: GraphQL allows that (the default stands in when the variable is
 * left out), but an explicit `null` is then an error. Rare, so looked for only when a variable is
 * nullable and has a default.
 */
function variablesUsedAsNonNull(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Fragments,
): ReadonlySet<string> {
  const names = new Set<string>();
  const candidates = (operation.variableDefinitions ?? []).filter(
    (variable) => variable.defaultValue && variable.type.kind !== Kind.NON_NULL_TYPE,
  );
  if (candidates.length === 0) return names;
  const document = {
    kind: Kind.DOCUMENT,
    definitions: [operation, ...[...fragments.values()].map((fragment) => fragment.node)],
  } as const;
  const context = new ValidationContext(schema, document, new TypeInfo(schema), () => {});
  for (const usage of context.getRecursiveVariableUsages(operation)) {
    if (usage.type && isNonNullType(usage.type)) names.add(usage.node.name.value);
  }
  return new Set(candidates.map((v) => v.variable.name.value).filter((name) => names.has(name)));
}

/**
 * `export type XQueryVariables = { … };`, a variable per line when one line would be long;
 * `Record<string, never>` without variables, which makes them optional in `client.request`.
 */
function printVariables(name: string, entries: readonly string[]): string {
  const prefix = `export type ${name} = `;
  if (entries.length === 0) return `${prefix}Record<string, never>;`;
  const inline = `${prefix}{ ${entries.join('; ')} };`;
  if (inline.length <= MAX_LINE) return inline;
  return `${prefix}{\n${entries.map((entry) => `  ${entry};`).join('\n')}\n};`;
}

function isCurrent(compiled: Compiled, fragments: Fragments): boolean {
  for (const [name, text] of compiled.dependencies) {
    if (fragments.get(name)?.text !== text) return false;
  }
  return true;
}
