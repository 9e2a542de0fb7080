import {
  assertObjectType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

/** Makes the values the service assigns itself when a non-null field is missing. */
export interface ShapeDefaults {
  newId(): string;
}

/**
 * Shapes `value` (a partial record, or a save mutation's input) as GraphQL type `typeName`: every
 * field of the type is present, nested objects are shaped too, fields the type lacks are dropped,
 * and a missing nullable field is `null`. A missing non-null `id` gets a new id and a missing
 * `deleted` is false, as the service sets them; any other missing non-null field is a bug.
 */
export function shapeRecord<T>(
  schema: GraphQLSchema,
  typeName: string,
  value: object,
  defaults: ShapeDefaults,
): T {
  return shapeObject(assertObjectType(schema.getType(typeName)), value, defaults) as T;
}

function shapeObject(
  type: GraphQLObjectType,
  value: object,
  defaults: ShapeDefaults,
): Record<string, unknown> {
  const given = value as Readonly<Record<string, unknown>>;
  const shaped: Record<string, unknown> = {};
  for (const field of Object.values(type.getFields())) {
    let fieldValue = given[field.name];
    if (fieldValue == null && isNonNullType(field.type)) {
      if (field.name === 'id') fieldValue = defaults.newId();
      else if (field.name === 'deleted') fieldValue = false;
    }
    shaped[field.name] = shapeValue(field.type, fieldValue, `${type.name}.${field.name}`, defaults);
  }
  return shaped;
}

function shapeValue(
  type: GraphQLOutputType,
  value: unknown,
  where: string,
  defaults: ShapeDefaults,
): unknown {
  if (isNonNullType(type)) {
    if (value == null) throw new Error(`${where} is non-null but has no value`);
    return shapeValue(type.ofType, value, where, defaults);
  }
  if (value == null) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) throw new Error(`${where} must be a list`);
    return value.map((item, i) => shapeValue(type.ofType, item, `${where}[${i}]`, defaults));
  }
  if (isObjectType(type)) {
    if (typeof value !== 'object') throw new Error(`${where} must be an object`);
    return shapeObject(type, value, defaults);
  }
  return value;
}
