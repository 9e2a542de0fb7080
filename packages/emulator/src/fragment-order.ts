import { type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql';

/** The names of the fragments `set` spreads, at any depth (as deep as the scan let it nest). */
function collectSpreads(set: SelectionSetNode, names: string[]): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
    else if (selection.selectionSet) collectSpreads(selection.selectionSet, names);
  }
}

/**
 * The fragments, each after those it spreads (a depth-first post-order kept on an explicit
 * stack, so a chain of thousands of fragments does not overflow). A spread back into a
 * fragment still open, a cycle, is skipped.
 */
export function fragmentOrder(fragments: ReadonlyMap<string, FragmentDefinitionNode>): string[] {
  const spreads = new Map<string, string[]>();
  for (const [name, fragment] of fragments) {
    const names: string[] = [];
    collectSpreads(fragment.selectionSet, names);
    spreads.set(name, names);
  }
  const order: string[] = [];
  const seen = new Set<string>();
  for (const start of fragments.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const stack = [{ name: start, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { name: string; next: number };
      const pending = spreads.get(top.name) ?? [];
      if (top.next < pending.length) {
        const dependency = pending[top.next++] as string;
        if (fragments.has(dependency) && !seen.has(dependency)) {
          seen.add(dependency);
          stack.push({ name: dependency, next: 0 });
        }
      } else {
        stack.pop();
        order.push(top.name);
      }
    }
  }
  return order;
}
