import {
  type ConstDirectiveNode,
  type ConstValueNode,
  type DefinitionNode,
  type InputValueDefinitionNode,
  Kind,
  type NameNode,
  parseType,
  print,
  type StringValueNode,
} from 'graphql';
import type { HiddenDefault } from './hidden-defaults.js';
import type { Doc, InputValue, NamedType, SchemaModel } from './schema-model.js';

/**
 * Prints the model as SDL, types in model order. It goes through graphql-js's printer so that
 * descriptions, reasons and default values are escaped exactly as graphql-js parses them back.
 */
export function printSdl(model: SchemaModel, hiddenDefaults: readonly HiddenDefault[]): string {
  const placeholders = new Map(
    hiddenDefaults.map((hidden) => [hidden.coordinate, hidden.placeholder]),
  );
  const inputValue = (coordinate: string, value: InputValue): InputValueDefinitionNode => {
    const placeholder = placeholders.get(coordinate);
    return {
      kind: Kind.INPUT_VALUE_DEFINITION,
      ...described(value.doc),
      name: name(value.name),
      type: parseType(value.type, { noLocation: true }),
      ...(placeholder ? { defaultValue: placeholder } : {}),
      directives: deprecated(value.doc),
    };
  };
  const definition = (type: NamedType): DefinitionNode => {
    const common = { ...described(type.doc), name: name(type.name) };
    switch (type.kind) {
      case 'scalar':
        return { kind: Kind.SCALAR_TYPE_DEFINITION, ...common };
      case 'enum':
        return {
          kind: Kind.ENUM_TYPE_DEFINITION,
          ...common,
          values: type.values.map((value) => ({
            kind: Kind.ENUM_VALUE_DEFINITION,
            ...described(value.doc),
            name: name(value.name),
            directives: deprecated(value.doc),
          })),
        };
      case 'input':
        return {
          kind: Kind.INPUT_OBJECT_TYPE_DEFINITION,
          ...common,
          fields: type.fields.map((field) => inputValue(`${type.name}.${field.name}`, field)),
        };
      case 'object':
        return {
          kind: Kind.OBJECT_TYPE_DEFINITION,
          ...common,
          fields: type.fields.map((field) => ({
            kind: Kind.FIELD_DEFINITION,
            ...described(field.doc),
            name: name(field.name),
            arguments: field.args.map((arg) =>
              inputValue(`${type.name}.${field.name}(${arg.name}:)`, arg),
            ),
            type: parseType(field.type, { noLocation: true }),
            directives: deprecated(field.doc),
          })),
        };
    }
  };
  return print({ kind: Kind.DOCUMENT, definitions: model.types.map(definition) });
}

function name(value: string): NameNode {
  return { kind: Kind.NAME, value };
}

function described(doc: Doc): { description?: StringValueNode } {
  return doc.description === undefined
    ? {}
    : { description: { kind: Kind.STRING, value: doc.description, block: true } };
}

function deprecated(doc: Doc): ConstDirectiveNode[] {
  if (doc.deprecationReason === undefined) return [];
  const reason: ConstValueNode = { kind: Kind.STRING, value: doc.deprecationReason };
  return [
    {
      kind: Kind.DIRECTIVE,
      name: name('deprecated'),
      arguments: [{ kind: Kind.ARGUMENT, name: name('reason'), value: reason }],
    },
  ];
}
