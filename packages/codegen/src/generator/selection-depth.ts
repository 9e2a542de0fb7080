import {
  type ExecutableDefinitionNode,
  type FragmentDefinitionNode,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { sourceLocation } from '../core/source-location.js';
import { CodegenError } from '../errors.js';
import { definitionLabel, documentError } from './document-errors.js';

/**
 * The deepest a definition may nest selection sets (see {@link selectionDepth}). The Admin API's
 * deepest query that visits no type twice is 11 deep; the module grows with the square of the
 * depth (22 KB for one chain of objects 64 deep, 310 KB at 256), and `tsc`'s parser runs out of
 * stack on it at about 600. 64 leaves room for recursive types (a category's parent's parent…)
 * and keeps the generator's own recursion, a few frames a level, far from Node's stack limit.
 */
export const MAX_SELECTION_DEPTH = 64;

type Fragments = ReadonlyMap<string, { readonly node: FragmentDefinitionNode }>;

/** A selection set's own depth, and where it spreads fragments. */
interface Scan {
  readonly own: number;
  readonly spreads: readonly { readonly name: string; readonly level: number }[];
}

function scan(selectionSet: SelectionSetNode): Scan {
  let own = 1;
  const spreads: { name: string; level: number }[] = [];
  const pending: [SelectionSetNode, number][] = [[selectionSet, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [set, level] = next;
    own = Math.max(own, level);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        spreads.push({ name: selection.name.value, level });
      } else if (selection.selectionSet) pending.push([selection.selectionSet, level + 1]);
    }
  }
  return { own, spreads };
}

/** The depth of a scanned set, from the depths of the fragments it spreads (unknown ones add nothing). */
function combine({ own, spreads }: Scan, depths: ReadonlyMap<string, number>): number {
  let depth = own;
  for (const { name, level } of spreads) {
    depth = Math.max(depth, level - 1 + (depths.get(name) ?? 1));
  }
  return depth;
}

// The depths of the fragments already resolved, by fragment set: every definition of one set of
// documents is checked against the same (never changed) map, and a fragment's depth depends on
// that set alone. Without it, each of a chain of n fragments would walk the rest: n².
const resolvedDepths = new WeakMap<Fragments, Map<string, number>>();

/**
 * How deep `selectionSet` nests selection sets: its own counts 1, a field's or an inline
 * fragment's one more than the set it is in, and a spread fragment's sets count where it is
 * spread. `Infinity` when a fragment spreads itself, directly or through others (a validation
 * error, met when validation was skipped): merging it would never end. Each fragment of
 * `fragments` is scanned once for all the definitions checked against it (a fragment in a cycle
 * excepted), and without recursion, so no document can overflow the stack here.
 */
export function selectionDepth(selectionSet: SelectionSetNode, fragments: Fragments): number {
  const root = scan(selectionSet);
  let depths = resolvedDepths.get(fragments);
  if (!depths) {
    depths = new Map();
    resolvedDepths.set(fragments, depths);
  }
  // Fragments whose spreads are being resolved: met again before that, they are a cycle.
  const open = new Map<string, Scan>();
  const pending = root.spreads.map(({ name }) => name);
  while (pending.length > 0) {
    const name = pending[pending.length - 1] as string;
    const fragment = fragments.get(name);
    if (depths.has(name) || !fragment) {
      pending.pop();
      continue;
    }
    const fragmentScan = open.get(name);
    if (!fragmentScan) {
      // First met: resolve what it spreads, then come back to it.
      const scanned = scan(fragment.node.selectionSet);
      open.set(name, scanned);
      for (const spread of scanned.spreads) {
        if (open.has(spread.name)) return Number.POSITIVE_INFINITY;
        if (!depths.has(spread.name)) pending.push(spread.name);
      }
      continue;
    }
    depths.set(name, combine(fragmentScan, depths));
    open.delete(name);
    pending.pop();
  }
  return combine(root, depths);
}

/**
 * Throws `DOCUMENT_TOO_DEEP` naming the definition and its place when it nests selection sets
 * deeper than {@link MAX_SELECTION_DEPTH}, or `DOCUMENT_ERROR` when it spreads a fragment within
 * itself: the generator merges and prints selections recursively, a few stack frames a level.
 */
export function checkSelectionDepth(
  definition: ExecutableDefinitionNode,
  location: string,
  fragments: Fragments,
): void {
  const depth = selectionDepth(definition.selectionSet, fragments);
  if (depth <= MAX_SELECTION_DEPTH) return;
  const what = definitionLabel(definition);
  if (depth === Number.POSITIVE_INFINITY) {
    throw documentError(
      location,
      definition,
      `The ${what} spreads a fragment within itself, directly or through other fragments.`,
    );
  }
  throw new CodegenError(
    'DOCUMENT_TOO_DEEP',
    `${sourceLocation(location, definition)}: ${what} nests selection sets ${depth} deep, counting the fragments it spreads; the generator takes at most ${MAX_SELECTION_DEPTH} (the Admin API's deepest query that visits no type twice is 11 deep). Split it into shallower operations.`,
  );
}
