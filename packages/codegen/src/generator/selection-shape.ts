import {
  type ASTNode,
  type DirectiveNode,
  type FieldNode,
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
  Kind,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { CodegenError } from '../errors.js';
import { sourceLocation } from '../sdk-plugin/source-location.js';
import type { ShapeKeys } from './shape-keys.js';
import { schemaTypeName } from './type-names.js';

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

/** One node of a response key, as met while collecting. */
interface CollectedNode {
  readonly node: FieldNode;
  /** Whether it is selected only under `@include`/`@skip` (its own or an enclosing one). */
  readonly conditional: boolean;
  /** The file it comes from: fragments may live in other files. */
  readonly location: string;
}

interface CollectedField {
  readonly nodes: CollectedNode[];
  conditional: boolean;
}

/** A selection set to merge, and whether what it selects may be absent when its parent is present. */
interface MergedSelection {
  readonly set: SelectionSetNode;
  readonly conditional: boolean;
  /** The file it comes from. */
  readonly location: string;
}

/** What building shapes needs, and what it reports back. */
export interface ShapeContext {
  readonly schema: GraphQLSchema;
  readonly scalarType: (name: string) => string;
  readonly fragments: ReadonlyMap<
    string,
    { readonly node: FragmentDefinitionNode; readonly location: string }
  >;
  /** The file of the definition being built, for messages. */
  readonly location: string;
  /** GraphQL names of the enums the shapes refer to; filled in while building. */
  readonly enums: Set<string>;
  /** Shape identities, shared with the rest of the module's assembly. */
  readonly keys: ShapeKeys;
}

/** A document the generator cannot type; only met when the caller skipped validation. */
export function documentError(location: string, node: ASTNode, message: string): CodegenError {
  return new CodegenError(
    'DOCUMENT_ERROR',
    `@admin-api/codegen: the documents do not validate against the schema:\n  ${sourceLocation(location, node)}  ${message}`,
  );
}

const isConditionDirective = (directive: DirectiveNode) =>
  directive.name.value === 'include' || directive.name.value === 'skip';

function isConditional(directives: readonly DirectiveNode[] | undefined): boolean {
  return directives?.some(isConditionDirective) ?? false;
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
  root(type: GraphQLCompositeType, selectionSet: SelectionSetNode): SelectionShape {
    return this.shape(type, [
      { set: selectionSet, conditional: false, location: this.context.location },
    ]);
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
    const collected = new Map<string, CollectedField>();
    for (const selection of selectionSets) this.collect(object, selection, collected, new Set());
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

  /** Fields of `selection` that apply to `object`, by response key, fragments merged in. */
  private collect(
    object: GraphQLObjectType,
    { set, conditional, location }: MergedSelection,
    into: Map<string, CollectedField>,
    spreading: Set<string>,
  ): void {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const node = {
          node: selection,
          conditional: conditional || isConditional(selection.directives),
          location,
        };
        const entry = into.get(key);
        if (entry) {
          entry.nodes.push(node);
          entry.conditional &&= node.conditional;
        } else {
          into.set(key, { nodes: [node], conditional: node.conditional });
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition !== undefined && !this.applies(object, condition)) continue;
        const inner = conditional || isConditional(selection.directives);
        this.collect(
          object,
          { set: selection.selectionSet, conditional: inner, location },
          into,
          spreading,
        );
      } else {
        const name = selection.name.value;
        // A cycle is a validation error; never recurse forever on documents that skipped it.
        if (spreading.has(name)) continue;
        const fragment = this.context.fragments.get(name);
        if (!fragment) throw documentError(location, selection, `Unknown fragment "${name}".`);
        const { node } = fragment;
        if (!this.applies(object, node.typeCondition.name.value)) continue;
        spreading.add(name);
        const inner = conditional || isConditional(selection.directives);
        this.collect(
          object,
          { set: node.selectionSet, conditional: inner, location: fragment.location },
          into,
          spreading,
        );
        spreading.delete(name);
      }
    }
  }

  /** Whether a fragment on `condition` applies to objects of type `object`. */
  private applies(object: GraphQLObjectType, condition: string): boolean {
    if (condition === object.name) return true;
    const type = this.context.schema.getType(condition);
    return isAbstractType(type) && this.context.schema.isSubType(type, object);
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
      return { kind: 'leaf', ts: schemaTypeName(this.context.schema, type.name) };
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
