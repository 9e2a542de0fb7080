import { compareCodeUnits } from '../compare-code-units.js';
import type { OutputType, SelectionShape } from './selection-shape.js';
import type { ShapeKeys } from './shape-keys.js';
import { takeFreeName, typeName } from './type-names.js';

/**
 * A nested shape that occurs more than once is printed once, under a name, when it is at least
 * this long inline: shorter ones read better where they are, at little cost.
 */
const MIN_SHARED_LENGTH = 40;

/** A declaration with a shape of its own: an operation's result or a fragment. */
export interface RootShape {
  readonly name: string;
  readonly shape: SelectionShape;
}

/** How each shape is printed: under which name, if any. */
export interface ShapeNaming {
  /** The name to print for a nested occurrence of `shape`, or undefined to print it inline. */
  reference(shape: SelectionShape): string | undefined;
  /** The earlier root a root is identical to, if any: `export type B = A;`. */
  aliasOf(root: RootShape): string | undefined;
  /** Shared shapes that are not roots: module-private `type` declarations, sorted by name. */
  readonly shared: readonly RootShape[];
}

function nestedShapes(shape: SelectionShape): SelectionShape[] {
  const nested: SelectionShape[] = [];
  const add = (type: OutputType): void => {
    if (type.kind === 'selection') nested.push(type.shape);
    else if (type.kind === 'list' || type.kind === 'nullable') add(type.of);
  };
  for (const member of shape.members) for (const field of member.fields) add(field.type);
  return nested;
}

/** Length of a shape printed fully inline, roughly: what naming it would save per occurrence. */
function inlineLength(shape: SelectionShape, keys: ShapeKeys, memo: Map<number, number>): number {
  const id = keys.idOf(shape);
  let length = memo.get(id);
  if (length === undefined) {
    const typeLength = (type: OutputType): number => {
      switch (type.kind) {
        case 'leaf':
          return type.ts.length;
        case 'typename':
          return type.names.reduce((sum, name) => sum + name.length + 5, 0);
        case 'list':
          return typeLength(type.of) + 2;
        case 'nullable':
          return typeLength(type.of) + 7;
        case 'selection':
          return inlineLength(type.shape, keys, memo);
      }
    };
    length = 0;
    for (const member of shape.members) {
      length += 4;
      for (const field of member.fields) {
        length += field.name.length + 4 + typeLength(field.type) + (field.deprecated?.length ?? 0);
      }
    }
    memo.set(id, length);
  }
  return length;
}

/**
 * Decides which shapes get a name. Roots keep theirs (a later identical root becomes an alias);
 * a nested shape that occurs in two places or more, counting each enclosing named shape once,
 * gets a private name after its GraphQL type (`MerchantAddress`, then `MerchantAddress2`, …)
 * unless it is short. `reserved` holds every other name the module declares or imports.
 */
export function nameShapes(
  roots: readonly RootShape[],
  reserved: ReadonlySet<string>,
  keys: ShapeKeys,
): ShapeNaming {
  const counts = new Map<number, number>();
  const firstSeen: SelectionShape[] = [];
  const count = (shape: SelectionShape): void => {
    const id = keys.idOf(shape);
    const seen = counts.get(id) ?? 0;
    counts.set(id, seen + 1);
    if (seen > 0) return;
    firstSeen.push(shape);
    for (const nested of nestedShapes(shape)) count(nested);
  };
  const names = new Map<number, string>();
  for (const root of roots) {
    const id = keys.idOf(root.shape);
    if (!names.has(id)) names.set(id, root.name);
    count(root.shape);
  }

  const taken = new Set([...reserved, ...names.values()]);
  const lengths = new Map<number, number>();
  const shared: RootShape[] = [];
  for (const shape of firstSeen) {
    const id = keys.idOf(shape);
    if (names.has(id) || (counts.get(id) ?? 0) < 2) continue;
    if (inlineLength(shape, keys, lengths) < MIN_SHARED_LENGTH) continue;
    const name = takeFreeName(typeName(shape.typeName), taken);
    names.set(id, name);
    shared.push({ name, shape });
  }
  shared.sort((a, b) => compareCodeUnits(a.name, b.name));

  return {
    reference: (shape) => names.get(keys.idOf(shape)),
    aliasOf: (root) => {
      const name = names.get(keys.idOf(root.shape));
      return name === root.name ? undefined : name;
    },
    shared,
  };
}
