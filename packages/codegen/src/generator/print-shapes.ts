import { deprecatedTag } from './module-parts.js';
import type { OutputType, SelectionShape, ShapeField } from './selection-shape.js';
import type { ShapeNaming } from './shape-names.js';

/** Printed type text; `postfix` when `[]` may follow it without parentheses. */
interface Printed {
  readonly text: string;
  readonly postfix: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `T[]` where that reads unambiguously, `Array<T>` otherwise (`Array<T | null>`). */
export function arrayOf(element: string, postfix = IDENTIFIER.test(element)): string {
  return postfix ? `${element}[]` : `Array<${element}>`;
}

function printType(type: OutputType, naming: ShapeNaming): Printed {
  switch (type.kind) {
    case 'leaf':
      return { text: type.ts, postfix: IDENTIFIER.test(type.ts) };
    case 'typename':
      return {
        text: type.names.map((name) => `'${name}'`).join(' | '),
        postfix: type.names.length === 1,
      };
    case 'list': {
      const element = printType(type.of, naming);
      return { text: arrayOf(element.text, element.postfix), postfix: true };
    }
    case 'nullable': {
      const inner = printType(type.of, naming);
      // `unknown | null` is `unknown`; say it once.
      if (inner.text === 'unknown' || inner.text === 'any') return inner;
      return { text: `${inner.text} | null`, postfix: false };
    }
    case 'selection': {
      const name = naming.reference(type.shape);
      if (name !== undefined) return { text: name, postfix: true };
      return { text: printShape(type.shape, naming), postfix: type.shape.members.length === 1 };
    }
  }
}

function printField(field: ShapeField, naming: ShapeNaming): string {
  const deprecated = field.deprecated === undefined ? '' : deprecatedTag(field.deprecated);
  return `${deprecated}${field.name}${field.optional ? '?' : ''}: ${printType(field.type, naming).text}`;
}

/**
 * A shape as a TypeScript type on one line: `{ id: string; name: string | null }`, a union of
 * such objects for abstract types, nested shapes by name where they have one.
 */
export function printShape(shape: SelectionShape, naming: ShapeNaming): string {
  if (shape.members.length === 0) return 'never';
  return shape.members
    .map((member) =>
      member.fields.length === 0
        ? // What an object answers when nothing applies to it: `{}`, but stricter than TS's `{}`.
          'Record<PropertyKey, never>'
        : `{ ${member.fields.map((field) => printField(field, naming)).join('; ')} }`,
    )
    .join(' | ');
}
