import {
  type GraphQLInputType,
  type GraphQLNamedInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { deprecation, tsdoc } from './module-parts.js';
import { arrayOf } from './print-shapes.js';
import type { SchemaTypeNames } from './type-names.js';

const NULL_ITEM = ' | null';
const NULLABLE = `${NULL_ITEM} | undefined`;

/** What printing input types needs; `used` collects the enums and input objects they name. */
export interface InputTypeContext {
  readonly names: SchemaTypeNames;
  readonly scalarType: (name: string) => string;
  readonly used: Set<string>;
}

/**
 * The TypeScript type of an input value. Nullable is `T | null | undefined`, so callers under
 * `exactOptionalPropertyTypes` may pass `undefined`; a nullable list item is `T | null`, since
 * JSON has no `undefined` in a list and the client refuses one. With `coerceLists` (variables) a
 * list also accepts one item, as GraphQL's input coercion does: `string[] | string`.
 */
function inputTypeText(
  type: GraphQLInputType,
  context: InputTypeContext,
  coerceLists: boolean,
  nullable: string = NULLABLE,
): string {
  if (isNonNullType(type)) return nonNullInputText(type.ofType, context, coerceLists);
  const text = nonNullInputText(type, context, coerceLists);
  // `unknown | null` is `unknown`.
  return text === 'unknown' || text === 'any' ? text : `${text}${nullable}`;
}

function nonNullInputText(
  type: GraphQLInputType,
  context: InputTypeContext,
  coerceLists: boolean,
): string {
  if (isNonNullType(type)) return nonNullInputText(type.ofType, context, coerceLists);
  if (isListType(type)) {
    const items = arrayOf(inputTypeText(type.ofType, context, coerceLists, NULL_ITEM));
    // graphql-js's coerceInputValue takes a value that is not a list as a list of one, item type
    // by item type down to the named type (`1` is `[[1]]` for `[[Int]!]!`), and `null` as null
    // where it stands: so the one item is the named type's value, never null, never a list
    // (for `[[Int]!]!`, `[1, null]` is a list of two items, and the second is refused).
    return coerceLists ? `${items} | ${namedInputText(getNamedType(type), context)}` : items;
  }
  return namedInputText(type, context);
}

function namedInputText(type: GraphQLNamedInputType, context: InputTypeContext): string {
  if (isScalarType(type)) return context.scalarType(type.name);
  context.used.add(type.name);
  return context.names.of(type.name);
}

/** `name: T`, or `name?: T` when it may be left out: nullable, or with a default. */
export function inputEntry(
  name: string,
  type: GraphQLInputType,
  hasDefault: boolean,
  context: InputTypeContext,
  coerceLists: boolean,
): string {
  const optional = !isNonNullType(type) || hasDefault;
  return `${name}${optional ? '?' : ''}: ${inputTypeText(type, context, coerceLists)}`;
}

/**
 * The enums and input objects in `used`, and every one they reach through input fields, by
 * TypeScript name, sorted: enums as string-literal unions on one line, input objects one field per line with the
 * schema's descriptions.
 */
export function printSchemaTypes(
  schema: GraphQLSchema,
  names: SchemaTypeNames,
  used: ReadonlySet<string>,
  scalarType: (name: string) => string,
): ReadonlyMap<string, string> {
  const context: InputTypeContext = { names, scalarType, used: new Set(used) };
  const printed = new Map<string, string>();
  for (const name of context.used) {
    if (printed.has(name)) continue;
    const type = schema.getType(name);
    if (isEnumType(type)) {
      const values = type.getValues().map((value) => `'${value.name}'`);
      printed.set(
        name,
        `${tsdoc(type.description)}export type ${names.of(name)} = ${values.join(' | ')};`,
      );
    } else if (isInputObjectType(type)) {
      // Adding to `context.used` while iterating it visits the newly reached types too.
      const fields = Object.values(type.getFields()).map((field) => {
        const deprecated = field.deprecationReason ? deprecation(field.deprecationReason) : '';
        const doc = [field.description ?? '', deprecated].filter(Boolean).join('\n');
        const entry = inputEntry(
          field.name,
          field.type,
          field.defaultValue !== undefined,
          context,
          false,
        );
        return `${tsdoc(doc, '  ')}  ${entry};`;
      });
      printed.set(
        name,
        `${tsdoc(type.description)}export type ${names.of(name)} = {\n${fields.join('\n')}\n};`,
      );
    }
  }
  return new Map(
    [...printed]
      .map(([name, text]) => [names.of(name), text] as const)
      .sort(([a], [b]) => compareCodeUnits(a, b)),
  );
}
