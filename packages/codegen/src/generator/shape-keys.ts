import type { OutputType, SelectionShape, ShapeField, ShapeMember } from './selection-shape.js';

/** Free text in a key, length first, so no content can be mistaken for structure. */
function text(value: string): string {
  return `${value.length}'${value}`;
}

/**
 * Structural identity of shapes: two shapes get the same id exactly when they would print the
 * same (same type, members, fields in the same order, types, optionality and deprecations).
 * Keys refer to nested shapes by id, so each is linear in the size of one level.
 */
export class ShapeKeys {
  private readonly ids = new Map<string, number>();
  private readonly known = new WeakMap<SelectionShape, number>();

  /** How many distinct shapes have been seen. */
  get size(): number {
    return this.ids.size;
  }

  idOf(shape: SelectionShape): number {
    let id = this.known.get(shape);
    if (id === undefined) {
      const key = `${shape.typeName}{${shape.members.map((m) => this.memberKey(m)).join('|')}}`;
      id = this.ids.get(key);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(key, id);
      }
      this.known.set(shape, id);
    }
    return id;
  }

  /** A member's key; with `ignoreTypename`, members that differ only in `__typename` share it. */
  memberKey(member: ShapeMember, options: { ignoreTypename?: boolean } = {}): string {
    return member.fields.map((field) => this.fieldKey(field, options.ignoreTypename)).join(',');
  }

  private fieldKey(field: ShapeField, ignoreTypename = false): string {
    const deprecated = field.deprecated === undefined ? '' : `@${text(field.deprecated)}`;
    return `${field.name}${field.optional ? '?' : ''}:${this.typeKey(field.type, ignoreTypename)}${deprecated}`;
  }

  private typeKey(type: OutputType, ignoreTypename: boolean): string {
    switch (type.kind) {
      case 'leaf':
        return `L${text(type.ts)}`;
      case 'typename':
        return ignoreTypename ? 'T;' : `T${type.names.join('/')};`;
      case 'list':
        return `[${this.typeKey(type.of, ignoreTypename)}]`;
      case 'nullable':
        return `?${this.typeKey(type.of, ignoreTypename)}`;
      case 'selection':
        return `#${this.idOf(type.shape)};`;
    }
  }
}
