import {
  type ExecutableDefinitionNode,
  type FragmentDefinitionNode,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  stripIgnoredCharacters,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import type { ResolvedGeneratorConfig } from './config.js';
import type { OperationNames } from './type-names.js';

const compactTexts = new WeakMap<ExecutableDefinitionNode, string>();

/**
 * A definition as the shortest text that parses to it: its source without comments and optional
 * whitespace (one pass of the lexer), or, for a tree built without a source, printed.
 */
export function compactDefinition(definition: ExecutableDefinitionNode): string {
  let text = compactTexts.get(definition);
  if (text === undefined) {
    const { loc } = definition;
    text = stripIgnoredCharacters(
      loc ? loc.source.body.slice(loc.start, loc.end) : print(definition),
    );
    compactTexts.set(definition, text);
  }
  return text;
}

/** Names of the fragments a selection spreads directly, at any depth. */
function spreadNames(selectionSet: SelectionSetNode, names = new Set<string>()): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) names.add(selection.name.value);
    else if (selection.selectionSet) spreadNames(selection.selectionSet, names);
  }
  return names;
}

/**
 * The fragments a definition needs, transitively, with their compact texts, sorted by name:
 * what its document embeds, and what its generated code depends on. A fragment the sources do
 * not define is left out (validation reports it).
 */
export function fragmentDependencies(
  definition: ExecutableDefinitionNode,
  fragments: ReadonlyMap<string, { readonly node: FragmentDefinitionNode; readonly text: string }>,
): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  const pending = [...spreadNames(definition.selectionSet)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const fragment = fragments.get(name);
    if (!fragment || found.has(name)) continue;
    found.set(name, fragment.text);
    pending.push(...spreadNames(fragment.node.selectionSet));
  }
  return new Map([...found].sort(([a], [b]) => compareCodeUnits(a, b)));
}

/**
 * The document constant of an operation: its compact text followed by the fragments it needs,
 * as a typed string (a plain string at runtime) or, in `node` mode, as a `TypedDocumentNode`.
 */
export function printDocument(
  operationText: string,
  dependencies: ReadonlyMap<string, string>,
  names: OperationNames,
  config: ResolvedGeneratorConfig,
): string {
  const text = operationText + [...dependencies.values()].join('');
  const types = `${names.result}, ${names.variables}`;
  if (config.documentMode === 'string') {
    return `export const ${names.document} = ${JSON.stringify(text)} as TypedDocumentString<${types}>;`;
  }
  const tree = JSON.stringify(parse(text, { noLocation: true }));
  return `export const ${names.document} = ${tree} as unknown as TypedDocumentNode<${types}>;`;
}
