import {
  type ExecutableDefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isListType,
  isNonNullType,
  isScalarType,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { sourceLocation } from '../core/source-location.js';
import { CodegenError } from '../errors.js';
import {
  type CollectedNode,
  collectFields,
  type MergedSelection,
  type MergeWork,
} from './collect-fields.js';
import { definitionLabel, documentError } from './document-errors.js';
import type { ShapeKeys } from './shape-keys.js';
import type { SchemaTypeNames } from './type-names.js';

/**
 * The most selections the generator visits merging fragments into one module (in a watch, into
 * what one rebuild compiles again): a second or two of work. An operation for each of the Admin
 * API's 132 root fields takes 11,402; documents that take more spread fragments that spread
 * others several times each, into exponentially many distinct combinations.
 */
export const MAX_MERGE_WORK = 1_000_000;

/** The TypeScript type of a selected field, before it is printed. */
export type OutputType =
  /** A scalar's or an enum's TypeScript type: `string`, `number`, `ProductTypeEnum`, … */
  | { readonly kind: 'leaf'; readonly ts: string }
  /** `__typename`: the names of the object types the member stands for. */
  | { readonly kind: 'typename'; readonly names: readonly string[] }
  | { readonly kind: 'list'; readonly of: OutputType }
  | { readonly kind: 'nullable'; readonly of: OutputType }
  | { readonly kind: 'selection'; readonly shape: SelectionShape };

/** What a selection set answers on one composite type: a union of members, one per kind of object. */
export interface SelectionShape {
  /** The GraphQL type selected on, e.g. `Product` or an interface. */
  readonly typeName: string;
  readonly members: readonly ShapeMember[];
}

export interface ShapeMember {
  readonly fields: readonly ShapeField[];
}

export interface ShapeField {
  /** The response key: the alias, or the field's name. */
  readonly name: string;
  readonly type: OutputType;
  /** Selected only under `@include` or `@skip`, so it may be absent. */
  readonly optional: boolean;
  /** The schema's deprecation reason, when the field is deprecated. */
  readonly deprecated: string | undefined;
}

/** What building shapes needs, and what it reports back. */
export interface ShapeContext {
  readonly schema: GraphQLSchema;
  readonly names: SchemaTypeNames;
  readonly scalarType: (name: string) => string;
  readonly fragments: ReadonlyMap<
    string,
    { readonly node: FragmentDefinitionNode; readonly location: string }
  >;
  /** The definition being built and its file, for messages. */
  readonly definition: ExecutableDefinitionNode;
  readonly location: string;
  /** GraphQL names of the enums the shapes refer to; filled in while building. */
  readonly enums: Set<string>;
  /** Shape identities, shared with the rest of the module's assembly. */
  readonly keys: ShapeKeys;
  /** The selections visited merging fragments, for the whole module: bounded by {@link MAX_MERGE_WORK}. */
  readonly work: MergeWork;
}

/**
 * Builds the shapes of the selections in one operation or fragment. Fragment spreads and inline
 * fragments are merged into the fields of each object type they apply to, as GraphQL executes
 * them; a selection set met again (a fragment spread twice) is built once.
 */
export class ShapeBuilder {
  private readonly built = new Map<string, SelectionShape>();
  // A builder lives for one definition: a Map is cheaper than a WeakMap here.
  private readonly selectionIds = new Map<SelectionSetNode, number>();

  constructor(private readonly context: ShapeContext) {}

  /** The shape of the definition's own selection set, on `type`. */
  root(type: GraphQLCompositeType): SelectionShape {
    const { definition, location } = this.context;
    return this.shape(type, [{ set: definition.selectionSet, conditional: false, location }]);
  }

  /** The shape of `selectionSets`, merged, on `type`. */
  private shape(
    type: GraphQLCompositeType,
    selectionSets: readonly MergedSelection[],
  ): SelectionShape {
    const key = `${type.name}:${selectionSets
      .map(({ set, conditional }) => `${this.selectionId(set)}${conditional ? '?' : ''}`)
      .join(',')}`;
    let shape = this.built.get(key);
    if (!shape) {
      const objects = isAbstractType(type)
        ? [...this.context.schema.getPossibleTypes(type)].sort((a, b) =>
            compareCodeUnits(a.name, b.name),
          )
        : [type];
      const members = objects.map((object) => this.member(object, selectionSets));
      shape = {
        typeName: type.name,
        members: members.length > 1 ? this.mergeMembers(members) : members,
      };
      this.built.set(key, shape);
    }
    return shape;
  }

  private selectionId(selectionSet: SelectionSetNode): number {
    let id = this.selectionIds.get(selectionSet);
    if (id === undefined) {
      id = this.selectionIds.size;
      this.selectionIds.set(selectionSet, id);
    }
    return id;
  }

  private member(
    object: GraphQLObjectType,
    selectionSets: readonly MergedSelection[],
  ): ShapeMember {
    const collected = collectFields(object, selectionSets, this.context);
    if (this.context.work.visited > MAX_MERGE_WORK) throw this.tooComplex();
    const fields: ShapeField[] = [];
    for (const [name, { nodes, conditional }] of collected) {
      const first = nodes[0] as CollectedNode;
      const fieldName = first.node.name.value;
      if (fieldName === '__typename') {
        fields.push({
          name,
          type: { kind: 'typename', names: [object.name] },
          optional: conditional,
          deprecated: undefined,
        });
        continue;
      }
      const definition = this.fieldDefinition(object, first);
      fields.push({
        name,
        type: this.outputType(definition.type, subSelections(nodes)),
        optional: conditional,
        deprecated: definition.deprecationReason ?? undefined,
      });
    }
    return { fields };
  }

  private fieldDefinition(
    object: GraphQLObjectType,
    { node, location }: CollectedNode,
  ): GraphQLField<unknown, unknown> {
    const name = node.name.value;
    const field = object.getFields()[name];
    if (field) return field;
    if (object === this.context.schema.getQueryType()) {
      if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
      if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    }
    throw documentError(location, node, `Cannot query field "${name}" on type "${object.name}".`);
  }

  private tooComplex(): CodegenError {
    const { definition, location } = this.context;
    const what = definitionLabel(definition);
    return new CodegenError(
      'DOCUMENT_TOO_COMPLEX',
      `${sourceLocation(location, definition)}: ${what} takes the merging of fragments past ${MAX_MERGE_WORK} selections for the module (MAX_MERGE_WORK): fragments that each spread others several times multiply into exponentially many combinations. Spread fewer fragments into one another.`,
    );
  }

  private outputType(type: GraphQLOutputType, nodes: SubSelections): OutputType {
    if (isNonNullType(type)) return this.nonNullType(type.ofType, nodes);
    return { kind: 'nullable', of: this.nonNullType(type, nodes) };
  }

  private nonNullType(type: GraphQLOutputType, nodes: SubSelections): OutputType {
    // Most fields are scalars: ask that first.
    if (isScalarType(type)) return { kind: 'leaf', ts: this.context.scalarType(type.name) };
    if (isEnumType(type)) {
      this.context.enums.add(type.name);
      return { kind: 'leaf', ts: this.context.names.of(type.name) };
    }
    if (isListType(type)) return { kind: 'list', of: this.outputType(type.ofType, nodes) };
    if (isNonNullType(type)) return this.nonNullType(type.ofType, nodes);
    if (!isCompositeType(type)) {
      const { node, location } = nodes.first;
      throw documentError(location, node, `"${type}" is not an output type.`);
    }
    return { kind: 'selection', shape: this.shape(type, nodes.selections) };
  }

  /**
   * Object types whose members come out the same become one member, with all their names in
   * `__typename` if it is selected: `{ __typename: 'Issue' | 'PullRequest'; id: string }`.
   */
  private mergeMembers(members: readonly ShapeMember[]): ShapeMember[] {
    const merged = new Map<string, { fields: ShapeField[]; names: string[] }>();
    for (const member of members) {
      const key = this.context.keys.memberKey(member, { ignoreTypename: true });
      const names = typenames(member);
      const entry = merged.get(key);
      if (entry) entry.names.push(...names);
      else merged.set(key, { fields: [...member.fields], names: [...names] });
    }
    return [...merged.values()].map(({ fields, names }) => ({
      fields: fields.map((field) =>
        field.type.kind === 'typename' ? { ...field, type: { kind: 'typename', names } } : field,
      ),
    }));
  }
}

/** The nodes of one response key, as what its type is built from. */
interface SubSelections {
  readonly first: CollectedNode;
  readonly selections: readonly MergedSelection[];
}

/**
 * The sub-selections of a field's nodes. A node selected under a condition the field as a whole
 * is not (another node of the same key is unconditional, or has its own condition) contributes
 * sub-fields that may be absent even when the field is present: `a @include(if: $x) { b } a { c }`
 * answers `a: { c }` when `$x` is false. A lone conditional node makes the field itself optional,
 * and its sub-fields are then present whenever the field is.
 */
function subSelections(nodes: readonly CollectedNode[]): SubSelections {
  const lone = nodes.length === 1;
  const selections: MergedSelection[] = [];
  for (const { node, conditional, location } of nodes) {
    if (node.selectionSet) {
      selections.push({ set: node.selectionSet, conditional: !lone && conditional, location });
    }
  }
  return { first: nodes[0] as CollectedNode, selections };
}

/** The object type names a member's `__typename` fields hold (all hold the same). */
function typenames(member: ShapeMember): readonly string[] {
  for (const field of member.fields) {
    if (field.type.kind === 'typename') return field.type.names;
  }
  return [];
}
