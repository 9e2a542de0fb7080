/** What the typings say about one GraphQL schema, in the order the typings declare it. */
export interface SchemaModel {
  readonly types: readonly NamedType[];
}

export type NamedType = ScalarType | ObjectType | InputType | EnumType;

export interface ScalarType {
  readonly kind: 'scalar';
  readonly name: string;
  readonly doc: Doc;
}

export interface ObjectType {
  readonly kind: 'object';
  readonly name: string;
  readonly doc: Doc;
  readonly fields: readonly OutputField[];
}

export interface InputType {
  readonly kind: 'input';
  readonly name: string;
  readonly doc: Doc;
  readonly fields: readonly InputValue[];
}

export interface EnumType {
  readonly kind: 'enum';
  readonly name: string;
  readonly doc: Doc;
  readonly values: readonly EnumValue[];
}

export interface OutputField {
  readonly name: string;
  readonly doc: Doc;
  /** SDL type reference, e.g. `[String!]!`. */
  readonly type: string;
  readonly args: readonly InputValue[];
}

/** An input field or an argument. */
export interface InputValue {
  readonly name: string;
  readonly doc: Doc;
  /** SDL type reference, e.g. `[String!]!`. */
  readonly type: string;
  /** Non-null with a default value: the typings show that a default exists, not what it is. */
  readonly hasHiddenDefault: boolean;
}

export interface EnumValue {
  readonly name: string;
  readonly doc: Doc;
}

/** Description and deprecation, both absent when the JSDoc is. */
export interface Doc {
  readonly description?: string;
  readonly deprecationReason?: string;
}
