import type { IMocks } from '@graphql-tools/mock';
import {
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { seededUuid } from '../seeded-random.js';
import { asField, drawUnit, mockAnchorMs, mockedFieldName } from './mock-scope.js';

const YEAR_MS = 365 * 86_400_000;
/** The key fields graphql-tools/mock recognises, in its order. */
export const KEY_FIELDS = ['id', '_id'];

type ValueMock = () => unknown;

const pick = <T>(items: readonly T[]): T => items[Math.floor(drawUnit() * items.length)] as T;
const number = (below: number) => Math.floor(drawUnit() * below);

/** String mocks shaped by the field's name, so that ids look like ids and emails like emails. */
const STRING_SHAPES: readonly (readonly [RegExp, ValueMock])[] = [
  [/^_?id$|Ids?$|ID$/, () => seededUuid(drawUnit)],
  [/email/i, () => `user${number(10_000)}@example.com`],
  [/phone/i, () => `+905${String(number(1e9)).padStart(9, '0')}`],
  [/(url|link|endpoint)$/i, () => `https://example.com/${mockedFieldName()}/${number(10_000)}`],
  [/^currency(Code)?$/, () => 'TRY'],
  [/^currencySymbol$/, () => '₺'],
  [/(locale|language)$/i, () => 'tr'],
  [/slug$/i, () => `ornek-${number(10_000)}`],
];

function mockString(): string {
  const fieldName = mockedFieldName();
  const shape = STRING_SHAPES.find(([pattern]) => pattern.test(fieldName));
  return shape ? String(shape[1]()) : `${fieldName} ${number(10_000)}`;
}

const SCALAR_MOCKS: Readonly<Record<string, ValueMock>> = {
  String: mockString,
  ID: () => seededUuid(drawUnit),
  Int: () => number(100),
  Float: () => number(100_000) / 100,
  Boolean: () => drawUnit() < 0.5,
  Timestamp: () => mockAnchorMs() - number(YEAR_MS),
  JSON: () => ({}),
};

/**
 * Mocks for every scalar, enum, abstract type and key field of `schema`, with no randomness of
 * their own: each value is drawn from the seed and the path of the field being resolved (see
 * `inMockScope`). A custom scalar the emulator does not know is mocked as a string.
 */
export function seededMocks(schema: GraphQLSchema): IMocks {
  const mocks: Record<string, ValueMock | Record<string, ValueMock>> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isScalarType(type)) {
      mocks[type.name] = SCALAR_MOCKS[type.name] ?? mockString;
    } else if (isEnumType(type)) {
      const values = type.getValues().map((value) => value.value as unknown);
      mocks[type.name] = () => pick(values);
    } else if (isAbstractType(type)) {
      const names = schema.getPossibleTypes(type).map((possible) => possible.name);
      mocks[type.name] = () => ({ __typename: pick(names) });
    } else if (isObjectType(type)) {
      // graphql-tools/mock makes an object's key before its fields, with no field in scope.
      const fields = type.getFields();
      const key = KEY_FIELDS.find((name) => fields[name] !== undefined);
      const keyType = key === undefined ? undefined : getNamedType(fields[key]?.type);
      if (key !== undefined && isScalarType(keyType)) {
        const mock = SCALAR_MOCKS[keyType.name] ?? mockString;
        mocks[type.name] = { [key]: () => asField(key, mock) };
      }
    }
  }
  return mocks as IMocks;
}
