import { type ConstValueNode, Kind } from 'graphql';
import type { EnumType, InputValue, SchemaModel } from './schema-model.js';

/** A non-null input field or argument whose default value the typings hide. */
export interface HiddenDefault {
  /** Schema coordinate: `Input.field` or `Type.field(argument:)`. */
  readonly coordinate: string;
  /** SDL type, e.g. `Boolean!`. */
  readonly type: string;
  /** Stand-in value, not known to be the server's default: what the emulator does. */
  readonly placeholder: ConstValueNode;
}

/**
 * Placeholders other than the neutral one, where the emulator behaves otherwise: introspection
 * shows a placeholder as the default, so it must say what the emulator does with the value left
 * out. A variant saved without `isActive` is active, as in the service's admin.
 */
const EMULATOR_DEFAULTS: ReadonlyMap<string, ConstValueNode> = new Map([
  ['VariantInput.isActive', { kind: Kind.BOOLEAN, value: true }],
]);

/**
 * Finds every input value with a hidden default and gives it a placeholder, so that the SDL can
 * say `T! = placeholder`: the plugin prints that as `field?: T`, as in the typings.
 */
export function hiddenDefaults(model: SchemaModel): HiddenDefault[] {
  const enums = new Map(
    model.types.filter((type) => type.kind === 'enum').map((type) => [type.name, type]),
  );
  const found: HiddenDefault[] = [];
  const visit = (coordinate: string, value: InputValue) => {
    if (!value.hasHiddenDefault) return;
    found.push({
      coordinate,
      type: value.type,
      placeholder: EMULATOR_DEFAULTS.get(coordinate) ?? placeholder(value.type, enums),
    });
  };
  for (const type of model.types) {
    if (type.kind === 'input') {
      for (const field of type.fields) visit(`${type.name}.${field.name}`, field);
    } else if (type.kind === 'object') {
      for (const field of type.fields) {
        for (const arg of field.args) visit(`${type.name}.${field.name}(${arg.name}:)`, arg);
      }
    }
  }
  return found;
}

function placeholder(type: string, enums: ReadonlyMap<string, EnumType>): ConstValueNode {
  if (type.startsWith('[')) return { kind: Kind.LIST, values: [] };
  const named = type.replace(/!$/, '');
  switch (named) {
    case 'Boolean':
      return { kind: Kind.BOOLEAN, value: false };
    case 'Int':
    case 'Float':
      return { kind: Kind.INT, value: '0' };
    case 'String':
    case 'ID':
      return { kind: Kind.STRING, value: '' };
  }
  const first = enums.get(named)?.values[0];
  if (first) return { kind: Kind.ENUM, value: first.name };
  throw new Error(`No neutral placeholder for a hidden default of type ${type}`);
}
