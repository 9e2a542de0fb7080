import {
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  isAbstractType,
  Kind,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { documentError } from './document-errors.js';

/** One node of a response key, as met while collecting. */
export interface CollectedNode {
  readonly node: FieldNode;
  /** Whether it is selected only under `@include`/`@skip` (its own or an enclosing one). */
  readonly conditional: boolean;
  /** The file it comes from: fragments may live in other files. */
  readonly location: string;
}

export interface CollectedField {
  /** Each field node once, in the order met. */
  readonly nodes: CollectedNode[];
  conditional: boolean;
}

/** A selection set to merge, and whether what it selects may be absent when its parent is present. */
export interface MergedSelection {
  readonly set: SelectionSetNode;
  readonly conditional: boolean;
  /** The file it comes from. */
  readonly location: string;
}

/** How many selections collecting has visited, for a caller that bounds the work. */
export interface MergeWork {
  visited: number;
}

/** What collecting needs. */
export interface CollectContext {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<
    string,
    { readonly node: FragmentDefinitionNode; readonly location: string }
  >;
  /** Counts the selections visited. */
  readonly work: MergeWork;
}

const isConditionDirective = (directive: DirectiveNode) =>
  directive.name.value === 'include' || directive.name.value === 'skip';

function isConditional(directives: readonly DirectiveNode[] | undefined): boolean {
  return directives?.some(isConditionDirective) ?? false;
}

/** Whether a fragment on `condition` applies to objects of type `object`. */
function applies(schema: GraphQLSchema, object: GraphQLObjectType, condition: string): boolean {
  if (condition === object.name) return true;
  const type = schema.getType(condition);
  return isAbstractType(type) && schema.isSubType(type, object);
}

/** A selection set being walked: the next selection is `selections[index]`. */
interface Frame {
  readonly selections: readonly SelectionNode[];
  index: number;
  readonly conditional: boolean;
  readonly location: string;
}

/**
 * The fields of `selections` that apply to `object`, by response key, fragments merged in, in the
 * order GraphQL executes them. Each selection set is walked once (twice when met under a
 * condition first, then without): walking it again would add nothing, and a fragment spread
 * in many places, each spreading another twice, would otherwise be walked once per path to it,
 * exponentially many. That also ends the walk on a fragment that spreads itself (a validation
 * error). An explicit stack instead of recursion: no nesting of fragments overflows it.
 */
export function collectFields(
  object: GraphQLObjectType,
  selections: readonly MergedSelection[],
  context: CollectContext,
): Map<string, CollectedField> {
  const into = new Map<string, CollectedField>();
  // Per set: whether it was walked under a condition; per node: where it is in its field's nodes.
  const walked = new Map<SelectionSetNode, boolean>();
  const nodeIndex = new Map<FieldNode, number>();
  const stack: Frame[] = [];
  const enter = (set: SelectionSetNode, conditional: boolean, location: string) => {
    const before = walked.get(set);
    if (before === false || (before === true && conditional)) return;
    walked.set(set, conditional);
    stack.push({ selections: set.selections, index: 0, conditional, location });
  };
  const add = (node: FieldNode, conditional: boolean, location: string) => {
    const key = node.alias?.value ?? node.name.value;
    const entry = into.get(key);
    if (!entry) {
      into.set(key, { nodes: [{ node, conditional, location }], conditional });
      nodeIndex.set(node, 0);
      return;
    }
    entry.conditional &&= conditional;
    const index = nodeIndex.get(node);
    if (index === undefined) {
      nodeIndex.set(node, entry.nodes.length);
      entry.nodes.push({ node, conditional, location });
    } else if (!conditional) {
      // Met again without a condition: always selected where its parent is.
      entry.nodes[index] = { node, conditional, location };
    }
  };

  for (const { set, conditional, location } of selections) {
    enter(set, conditional, location);
    for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
      const selection = frame.selections[frame.index++];
      if (!selection) {
        stack.pop();
        continue;
      }
      context.work.visited++;
      const inner = frame.conditional || isConditional(selection.directives);
      if (selection.kind === Kind.FIELD) {
        add(selection, inner, frame.location);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition !== undefined && !applies(context.schema, object, condition)) continue;
        enter(selection.selectionSet, inner, frame.location);
      } else {
        const name = selection.name.value;
        const fragment = context.fragments.get(name);
        if (!fragment) {
          throw documentError(frame.location, selection, `Unknown fragment "${name}".`);
        }
        if (!applies(context.schema, object, fragment.node.typeCondition.name.value)) continue;
        enter(fragment.node.selectionSet, inner, fragment.location);
      }
    }
  }
  return into;
}
