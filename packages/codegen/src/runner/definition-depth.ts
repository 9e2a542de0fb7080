import {
  type ASTNode,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_SELECTION_DEPTH } from '../generator/selection-depth.js';
import type { Diagnostic } from './diagnostic.js';
import { locateNode } from './load-documents.js';

// The generator's limit, checked here before validation too: graphql-js validates nested
// selections and fragment spreads recursively, a few stack frames a level. The same limit bounds
// a chain of fragments spreading fragments.

type Executable = OperationDefinitionNode | FragmentDefinitionNode;

interface Spread {
  readonly name: string;
  /** The level of the selection set the spread is in. */
  readonly level: number;
  readonly node: FragmentSpreadNode;
}

/** What a definition's own text holds: its depth, where it first passes the limit, its spreads. */
interface OwnScan {
  readonly depth: number;
  readonly pastLimit: ASTNode | undefined;
  readonly spreads: readonly Spread[];
}

/** How far a definition reaches, with the fragments it spreads. */
interface Reach {
  readonly depth: number;
  /** The longest chain of spreads: 1 for a spread of a fragment that spreads none. */
  readonly chain: number;
}

// A parsed definition never changes: its scan is kept as long as it is.
const scans = new WeakMap<Executable, OwnScan>();

/** One pass over the definition's own selections, without recursion. */
function scanOwn(definition: Executable): OwnScan {
  const known = scans.get(definition);
  if (known) return known;
  let depth = 1;
  let pastLimit: ASTNode | undefined;
  const spreads: Spread[] = [];
  // Each set with its level and the selection it belongs to; children pushed last to first, so
  // that they come off the stack in document order.
  const pending: [SelectionSetNode, number, ASTNode][] = [[definition.selectionSet, 1, definition]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [set, level, owner] = next;
    depth = Math.max(depth, level);
    if (level > MAX_SELECTION_DEPTH) pastLimit ??= owner;
    for (let i = set.selections.length - 1; i >= 0; i--) {
      const selection = set.selections[i];
      if (selection?.kind === Kind.FRAGMENT_SPREAD) {
        spreads.push({ name: selection.name.value, level, node: selection });
      } else if (selection?.selectionSet) {
        pending.push([selection.selectionSet, level + 1, selection]);
      }
    }
  }
  spreads.sort((a, b) => (a.node.loc?.start ?? 0) - (b.node.loc?.start ?? 0));
  const scan = { depth, pastLimit, spreads };
  scans.set(definition, scan);
  return scan;
}

/** What one spread adds to the definition it is in, given how far its fragment reaches. */
function through(spread: Spread, fragment: Reach | undefined): Reach {
  // An unknown fragment, or one met again while resolving itself (a cycle, which validation
  // reports), counts as a set of its own.
  return { depth: spread.level - 1 + (fragment?.depth ?? 1), chain: 1 + (fragment?.chain ?? 0) };
}

/**
 * How far each definition reaches, each fragment resolved once, depth first with a stack of its
 * own: linear in the definitions and spreads, however long their chains.
 */
function resolveReach(
  definitions: readonly Executable[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Map<Executable, Reach> {
  const reach = new Map<Executable, Reach>();
  const open = new Set<Executable>();
  for (const root of definitions) {
    if (reach.has(root)) continue;
    const stack: { node: Executable; next: number }[] = [{ node: root, next: 0 }];
    open.add(root);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { node: Executable; next: number };
      const { spreads, depth } = scanOwn(frame.node);
      const spread = spreads[frame.next++];
      if (spread) {
        const fragment = fragments.get(spread.name);
        if (fragment && !reach.has(fragment) && !open.has(fragment)) {
          open.add(fragment);
          stack.push({ node: fragment, next: 0 });
        }
        continue;
      }
      let total: Reach = { depth, chain: 0 };
      for (const each of spreads) {
        const fragment = fragments.get(each.name);
        const step = through(each, fragment && reach.get(fragment));
        total = {
          depth: Math.max(total.depth, step.depth),
          chain: Math.max(total.chain, step.chain),
        };
      }
      reach.set(frame.node, total);
      open.delete(frame.node);
      stack.pop();
    }
  }
  return reach;
}

const overLimit = ({ depth, chain }: Reach) =>
  depth > MAX_SELECTION_DEPTH || chain > MAX_SELECTION_DEPTH;

/** How messages name a definition: `query "GetMe"`, `fragment "Card"`, `anonymous query`. */
export function definitionLabel(definition: Executable): string {
  if (definition.kind === Kind.FRAGMENT_DEFINITION) return `fragment "${definition.name.value}"`;
  const name = definition.name?.value;
  return name === undefined
    ? `anonymous ${definition.operation}`
    : `${definition.operation} "${name}"`;
}

function tooDeep(definition: Executable, at: ASTNode, { depth, chain }: Reach): Diagnostic {
  const what = definitionLabel(definition);
  return {
    severity: 'error',
    code: 'DOCUMENT_TOO_DEEP',
    message:
      depth > MAX_SELECTION_DEPTH
        ? `${what} nests selection sets ${depth} deep, counting the fragments it spreads; codegen takes at most ${MAX_SELECTION_DEPTH} (the Admin API's deepest query that visits no type twice is 11 deep): split it into shallower operations`
        : `${what} spreads fragments that spread fragments ${chain} deep; codegen takes at most ${MAX_SELECTION_DEPTH}: spread fewer fragments within one another`,
    location: locateNode(at),
  };
}

/** The definitions that are too deep, and an error for each that is so of its own. */
export interface DepthCheck {
  /**
   * Left out of validation and generation: too deep, or spreading (through any chain) a fragment
   * that is. The others never spread one of these.
   */
  readonly excluded: ReadonlySet<DefinitionNode>;
  /**
   * One per definition too deep of its own text or of a spread of a fragment that is not: where
   * it passes the limit. A definition too deep only through a fragment that is has none: the
   * fragment's error says why.
   */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Checks every definition against {@link MAX_SELECTION_DEPTH}; `fragments` is the definition each
 * fragment name resolves to (the first of that name).
 */
export function checkDefinitionDepth(
  definitions: readonly DefinitionNode[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): DepthCheck {
  const executable = definitions.filter(
    (definition): definition is Executable =>
      definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION,
  );
  const reach = resolveReach(executable, fragments);
  const excluded = new Set<Executable>(executable.filter((d) => overLimit(reach.get(d) as Reach)));
  if (excluded.size === 0) return { excluded, diagnostics: [] };

  // Whatever spreads an excluded fragment is excluded too, through any chain.
  const spreaders = new Map<string, Executable[]>();
  for (const definition of executable) {
    for (const { name } of scanOwn(definition).spreads) {
      const list = spreaders.get(name);
      if (list) list.push(definition);
      else spreaders.set(name, [definition]);
    }
  }
  const pending = [...excluded];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.kind !== Kind.FRAGMENT_DEFINITION || fragments.get(next.name.value) !== next) continue;
    for (const spreader of spreaders.get(next.name.value) ?? []) {
      if (excluded.has(spreader)) continue;
      excluded.add(spreader);
      pending.push(spreader);
    }
  }

  const diagnostics: Diagnostic[] = [];
  for (const definition of executable) {
    if (!excluded.has(definition)) continue;
    const own = scanOwn(definition);
    const total = reach.get(definition) as Reach;
    if (own.depth > MAX_SELECTION_DEPTH && own.pastLimit) {
      diagnostics.push(tooDeep(definition, own.pastLimit, total));
      continue;
    }
    const spread = own.spreads.find((each) => {
      const fragment = fragments.get(each.name);
      return fragment && !excluded.has(fragment) && overLimit(through(each, reach.get(fragment)));
    });
    if (spread) diagnostics.push(tooDeep(definition, spread.node, total));
  }
  return { excluded, diagnostics };
}

/**
 * The fragment spreads graphql-js follows to list the fragments a definition reaches, which its
 * validation budget counts: those of each fragment reached, once each.
 */
export function spreadsReached(
  definition: Executable,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): number {
  let count = 0;
  const seen = new Set<string>();
  const pending: Executable[] = [definition];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { spreads } = scanOwn(next);
    if (next !== definition) count += spreads.length;
    for (const { name } of spreads) {
      const fragment = fragments.get(name);
      if (seen.has(name) || !fragment) continue;
      seen.add(name);
      pending.push(fragment);
    }
  }
  return count;
}
