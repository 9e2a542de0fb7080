import { deprecatedTag } from './module-parts.js';
import type { OutputType, SelectionShape, ShapeField, ShapeMember } from './selection-shape.js';
import type { ShapeNaming } from './shape-names.js';

/** Lines longer than this break: an object's fields one per line, a union's members too. */
export const MAX_LINE = 100;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `T[]` where that reads unambiguously, `Array<T>` otherwise (`Array<T | null>`). */
export function arrayOf(element: string, postfix = IDENTIFIER.test(element)): string {
  return postfix ? `${element}[]` : `Array<${element}>`;
}

/** Whether `[]` may follow a type's text without parentheses. */
function isPostfix(type: OutputType): boolean {
  switch (type.kind) {
    case 'leaf':
      return IDENTIFIER.test(type.ts);
    case 'typename':
      return type.names.length === 1;
    case 'list':
      return true;
    case 'nullable':
      return isUnknown(type.of);
    case 'selection':
      return type.shape.members.length === 1;
  }
}

/** `head` then `type`, which may start on a line of its own (a union, a member per line). */
function after(head: string, type: string): string {
  return type.startsWith('\n') ? head.trimEnd() + type : head + type;
}

/** `unknown | null` is `unknown`: say it once. */
function isUnknown(type: OutputType): boolean {
  return type.kind === 'leaf' && (type.ts === 'unknown' || type.ts === 'any');
}

/**
 * Prints shapes as TypeScript types: on one line where it fits, otherwise an object's fields one
 * per line and a union's members one per line; nested shapes by name where they have one.
 */
export class ShapePrinter {
  private readonly inlineTexts = new Map<SelectionShape, string>();

  constructor(private readonly naming: ShapeNaming) {}

  /** `export type X = …;` or `type X = …;`: `prefix` is what comes before the type. */
  declaration(prefix: string, shape: SelectionShape): string {
    return `${after(prefix, this.shape(shape, '', prefix.length))};`;
  }

  private shape(shape: SelectionShape, indent: string, column: number): string {
    const inline = this.inlineShape(shape);
    if (column + inline.length <= MAX_LINE) return inline;
    const [only, ...more] = shape.members;
    if (only && more.length === 0) return this.member(only, indent, column);
    const inner = `${indent}  `;
    return shape.members
      .map((member) => `\n${inner}| ${this.member(member, `${inner}  `, inner.length + 2)}`)
      .join('');
  }

  private member(member: ShapeMember, indent: string, column: number): string {
    const inline = this.inlineMember(member);
    if (member.fields.length === 0 || column + inline.length <= MAX_LINE) return inline;
    const inner = `${indent}  `;
    const fields = member.fields.map((field) => `${inner}${this.field(field, inner)};`);
    return `{\n${fields.join('\n')}\n${indent}}`;
  }

  private field(field: ShapeField, indent: string): string {
    const head = `${field.deprecated === undefined ? '' : deprecatedTag(field.deprecated)}${field.name}${field.optional ? '?' : ''}: `;
    return after(head, this.type(field.type, indent, indent.length + head.length));
  }

  private type(type: OutputType, indent: string, column: number): string {
    switch (type.kind) {
      case 'leaf':
      case 'typename':
        return this.inlineType(type);
      case 'list': {
        const postfix = isPostfix(type.of);
        const element = this.type(type.of, indent, column + (postfix ? 0 : 6));
        return arrayOf(element, postfix);
      }
      case 'nullable': {
        if (isUnknown(type.of)) return this.inlineType(type.of);
        const inner = this.type(type.of, indent, column);
        // A union a member per line gets `null` as one more member.
        return inner.startsWith('\n') ? `${inner}\n${indent}  | null` : `${inner} | null`;
      }
      case 'selection':
        return this.naming.reference(type.shape) ?? this.shape(type.shape, indent, column);
    }
  }

  private inlineShape(shape: SelectionShape): string {
    let text = this.inlineTexts.get(shape);
    if (text === undefined) {
      text =
        shape.members.length === 0
          ? 'never'
          : shape.members.map((member) => this.inlineMember(member)).join(' | ');
      this.inlineTexts.set(shape, text);
    }
    return text;
  }

  private inlineMember(member: ShapeMember): string {
    // What an object answers when nothing applies to it: `{}`, but stricter than TS's `{}`.
    if (member.fields.length === 0) return 'Record<PropertyKey, never>';
    const fields = member.fields.map(
      (field) =>
        `${field.deprecated === undefined ? '' : deprecatedTag(field.deprecated)}${field.name}${field.optional ? '?' : ''}: ${this.inlineType(field.type)}`,
    );
    return `{ ${fields.join('; ')} }`;
  }

  private inlineType(type: OutputType): string {
    switch (type.kind) {
      case 'leaf':
        return type.ts;
      case 'typename':
        return type.names.map((name) => `'${name}'`).join(' | ');
      case 'list':
        return arrayOf(this.inlineType(type.of), isPostfix(type.of));
      case 'nullable':
        return isUnknown(type.of) ? this.inlineType(type.of) : `${this.inlineType(type.of)} | null`;
      case 'selection':
        return this.naming.reference(type.shape) ?? this.inlineShape(type.shape);
    }
  }
}
