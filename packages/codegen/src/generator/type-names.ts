import type { FragmentDefinitionNode, OperationDefinitionNode } from 'graphql';

/** One word of a name: `HTMLMetaData` → `HTML`, `Meta`, `Data`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1\0$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1\0$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

function pascalCase(name: string): string {
  return words(name)
    .map((word, index) => {
      const first = word.charAt(0);
      const initial = index > 0 && first >= '0' && first <= '9' ? `_${first}` : first.toUpperCase();
      return initial + word.slice(1).toLowerCase();
    })
    .join('');
}

/**
 * The TypeScript name graphql-codegen gives a GraphQL name (`HTMLMetaData` → `HtmlMetaData`,
 * `get_me` → `Get_Me`), so generated names stay what users of codegen and of the vendor's
 * typings know. GraphQL names are ASCII, so plain ASCII case mapping gives the same names on
 * every machine, whatever its locale.
 */
export function typeName(graphqlName: string): string {
  let name = typeNames.get(graphqlName);
  if (name === undefined) {
    name = graphqlName.split('_').map(pascalCase).join('_');
    typeNames.set(graphqlName, name);
  }
  return name;
}

// GraphQL names are few, and every one is converted many times.
const typeNames = new Map<string, string>();

/** The names an operation's declarations get: `GetMeQuery`, `GetMeQueryVariables`, `GetMeDocument`. */
export interface OperationNames {
  readonly result: string;
  readonly variables: string;
  readonly document: string;
}

export function operationNames(operation: OperationDefinitionNode, name: string): OperationNames {
  const base = typeName(name);
  const result = base + typeName(operation.operation);
  return { result, variables: `${result}Variables`, document: `${base}Document` };
}

/** `ProductCard` → `ProductCardFragment`. */
export function fragmentTypeName(fragment: FragmentDefinitionNode): string {
  return `${typeName(fragment.name.value)}Fragment`;
}
