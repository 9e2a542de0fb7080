import {
  buildASTSchema,
  concatAST,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  Kind,
  type NamedTypeNode,
  NoUnusedFragmentsRule,
  specifiedRules,
  TypeInfo,
  type TypeNode,
  validate,
  validateSchema,
  visit,
  visitWithTypeInfo,
} from 'graphql';

const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
// Codegen accepts fragments no operation uses.
const RULES = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

function namedTypeOf(node: TypeNode): NamedTypeNode {
  return node.kind === Kind.NAMED_TYPE ? node : namedTypeOf(node.type);
}

/**
 * What a set of documents needs of a schema: every type they reach and, of object and interface
 * types, only the fields they select (plus what keeps the schema valid: interface fields on their
 * implementations, all possible types of abstract types, the full closure of input types).
 */
class SchemaUsage {
  readonly types = new Set<string>();
  readonly fields = new Map<string, Set<string>>();

  constructor(private readonly schema: GraphQLSchema) {}

  keepField(typeName: string, fieldName: string): boolean {
    const fields = this.fields.get(typeName) ?? new Set<string>();
    this.fields.set(typeName, fields);
    if (fields.has(fieldName)) return false;
    fields.add(fieldName);
    const type = this.schema.getType(typeName);
    const field =
      isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
    if (field) {
      this.keepType(getNamedType(field.type));
      for (const arg of field.args) this.keepType(getNamedType(arg.type));
    }
    return true;
  }

  keepType(type: GraphQLNamedType | undefined | null): void {
    if (!type || this.types.has(type.name)) return;
    this.types.add(type.name);
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) this.keepType(getNamedType(field.type));
    }
    if (isAbstractType(type)) {
      for (const possible of this.schema.getPossibleTypes(type)) this.keepType(possible);
    }
  }

  /** Adds what validity demands until nothing changes. */
  complete(): void {
    for (let changed = true; changed; ) {
      changed = false;
      for (const name of [...this.types]) {
        const type = this.schema.getType(name);
        if (!isObjectType(type) && !isInterfaceType(type)) continue;
        for (const iface of type.getInterfaces()) {
          if (!this.types.has(iface.name)) continue;
          for (const field of this.fields.get(iface.name) ?? [])
            changed = this.keepField(name, field) || changed;
        }
        if ((this.fields.get(name)?.size ?? 0) === 0) {
          // An object or interface type needs a field; a built-in scalar one adds nothing else.
          const fields = Object.values(type.getFields());
          const field =
            fields.find(
              (f) =>
                isScalarType(getNamedType(f.type)) &&
                BUILT_IN_SCALARS.has(getNamedType(f.type).name),
            ) ?? fields[0];
          if (field) changed = this.keepField(name, field.name) || changed;
        }
      }
    }
  }
}

function collectUsage(schema: GraphQLSchema, documents: readonly DocumentNode[]): SchemaUsage {
  const usage = new SchemaUsage(schema);
  for (const directive of schema.getDirectives()) {
    for (const arg of directive.args) usage.keepType(getNamedType(arg.type));
  }
  for (const document of documents) {
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        OperationDefinition(node) {
          usage.keepType(schema.getRootType(node.operation));
        },
        Field(node) {
          const parent = typeInfo.getParentType();
          if (parent && node.name.value !== '__typename' && typeInfo.getFieldDef())
            usage.keepField(parent.name, node.name.value);
        },
        VariableDefinition(node) {
          usage.keepType(schema.getType(namedTypeOf(node.type).name.value));
        },
        NamedType(node) {
          usage.keepType(schema.getType(node.name.value));
        },
      }),
    );
  }
  usage.complete();
  return usage;
}

function pruneDefinition(
  definition: DefinitionNode,
  usage: SchemaUsage,
): DefinitionNode | undefined {
  switch (definition.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_DEFINITION: {
      if (!usage.types.has(definition.name.value)) return undefined;
      const kept = usage.fields.get(definition.name.value) ?? new Set<string>();
      return {
        ...definition,
        fields: (definition.fields ?? []).filter((field: FieldDefinitionNode) =>
          kept.has(field.name.value),
        ),
        interfaces: (definition.interfaces ?? []).filter((iface) =>
          usage.types.has(iface.name.value),
        ),
      };
    }
    case Kind.UNION_TYPE_DEFINITION:
    case Kind.ENUM_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
    case Kind.SCALAR_TYPE_DEFINITION:
      return usage.types.has(definition.name.value) ? definition : undefined;
    case Kind.SCHEMA_DEFINITION:
      return {
        ...definition,
        operationTypes: definition.operationTypes.filter((op) =>
          usage.types.has(op.type.name.value),
        ),
      };
    default:
      return definition;
  }
}

/**
 * The part of a schema (as SDL) that `documents` use, for faster codegen on large schemas, or
 * `undefined` when the full schema should be used instead: when the pruned schema would not be
 * valid, or the documents do not validate against it (codegen then reports the errors with the
 * full schema's hints).
 */
export function pruneSchemaForDocuments(
  sdl: DocumentNode,
  documents: readonly DocumentNode[],
): DocumentNode | undefined {
  const schema = buildASTSchema(sdl, { assumeValidSDL: true });
  const usage = collectUsage(schema, documents);
  const pruned: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: sdl.definitions.flatMap((definition) => pruneDefinition(definition, usage) ?? []),
  };
  try {
    const prunedSchema = buildASTSchema(pruned);
    if (validateSchema(prunedSchema).length > 0) return undefined;
    // Validated together, as codegen does, so fragments from other files resolve. Pruning only
    // removes definitions: documents valid here are valid against the full schema, and invalid
    // ones go to codegen with the full schema, so its messages keep every suggestion.
    if (validate(prunedSchema, concatAST(documents), RULES).length > 0) return undefined;
  } catch {
    return undefined;
  }
  return pruned;
}
