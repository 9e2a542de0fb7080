import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  buildSchema,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  Kind,
  parse,
  validate,
  validateSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SCHEMA_FILE,
  importAdminSchema,
} from '../scripts/schema-import/import-admin-schema.js';
import { vendor, vendorPath } from '../scripts/schema-import/vendor-package.js';
import { type Declaration, diffDeclarations, readDeclarations } from './typings-declarations.js';

// CommonJS on purpose: the plugin then shares the CJS graphql that vitest.config.ts aliases to.
const require = createRequire(import.meta.url);
const { plugin } =
  require('@graphql-codegen/typescript-v2') as typeof import('@graphql-codegen/typescript-v2');
const defaultGqls = require(vendorPath(vendor.defaultGqls)) as {
  QueryDefaultGQLs: Record<string, string>;
  MutationDefaultGQLs: Record<string, string>;
};

// The vendor's names (QuerylistProductArgs, GetVideoUploadURLResponse, READ_CAMPAIGNS = …) are
// the schema's own, so it ran the plugin with `namingConvention: keep`; all else is default.
const VENDOR_PLUGIN_CONFIG = { namingConvention: 'keep' };
const sdl = readFileSync(ADMIN_SCHEMA_FILE, 'utf8');
const schema = buildSchema(sdl);
const vendorTypingsPath = vendorPath(vendor.typings);
const vendorDeclarations = readDeclarations(
  vendorTypingsPath,
  readFileSync(vendorTypingsPath, 'utf8'),
);

async function pluginDeclarations(from: GraphQLSchema): Promise<Declaration[]> {
  const output = await plugin(from, [], VENDOR_PLUGIN_CONFIG);
  const text =
    typeof output === 'string' ? output : [...(output.prepend ?? []), output.content].join('\n');
  return readDeclarations('generated.ts', text);
}

const schemaTypes = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
const namedTypes = (test: (type: unknown) => boolean) => schemaTypes.filter(test);

describe('imported Admin API schema', () => {
  it('builds with graphql-js and passes validateSchema', () => {
    expect(validateSchema(schema)).toEqual([]);
  });

  it('has as many object, input, enum and custom scalar types as the vendor typings', () => {
    const literals = vendorDeclarations.filter((d) => d.kind === 'type' && d.text === '<>');
    const isObject = (d: Declaration) => d.members.some((member) => member.name === '__typename');
    const isArgs = (d: Declaration) => /^(Query|Mutation)\w+Args$/.test(d.name);
    const scalars = literals.find((d) => d.name === 'Scalars');
    const inputs = literals.filter((d) => d !== scalars && !isObject(d) && !isArgs(d));
    expect(namedTypes(isObjectType)).toHaveLength(literals.filter(isObject).length);
    expect(namedTypes(isInputObjectType)).toHaveLength(inputs.length);
    expect(namedTypes(isEnumType)).toHaveLength(
      vendorDeclarations.filter((d) => d.kind === 'enum').length,
    );
    // Scalars lists the five built-ins first, then the custom ones.
    const customScalars = namedTypes((type) => isScalarType(type) && !isSpecifiedScalarType(type));
    expect(customScalars.map((type) => type.name)).toEqual(
      scalars?.members.slice(5).map((member) => member.name),
    );
  });

  it('has the 63 Query and 69 Mutation fields', () => {
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toHaveLength(63);
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {})).toHaveLength(69);
  });

  it('round-trips: the typescript plugin prints the vendor typings from it, declaration by declaration', async () => {
    const diffs = diffDeclarations(vendorDeclarations, await pluginDeclarations(schema));
    expect(diffs.slice(0, 20), `${diffs.length} differences, the first 20:`).toEqual([]);
  });

  it('fails the round trip when a field, a description or a deprecation is lost', async () => {
    const damaged = sdl
      .replace('  canApplicable: Boolean!\n', '')
      .replace('"""It is the type enum of the invoice."""\n', '')
      .replace(' @deprecated(reason: "Separated as new OrderSession model")', '');
    const diffs = diffDeclarations(
      vendorDeclarations,
      await pluginDeclarations(buildSchema(damaged)),
    );
    expect(diffs).toEqual([
      'AbandonedCartFlow member 3: expected "canApplicable", got "couponId"',
      expect.stringMatching(/^AddOrderInvoiceInput\.type doc: /),
      expect.stringMatching(/^OrderSessionInfo\.trafficSource doc: /),
    ]);
  });

  it('validates every operation of the vendor default-gqls, one per root field', () => {
    const roots = [
      [schema.getQueryType(), defaultGqls.QueryDefaultGQLs],
      [schema.getMutationType(), defaultGqls.MutationDefaultGQLs],
    ] as const;
    for (const [root, operations] of roots) {
      expect(Object.keys(operations).sort()).toEqual(Object.keys(root?.getFields() ?? {}).sort());
    }
    const problems = (field: string, operation: string): string[] => {
      try {
        const document = parse(operation);
        const selected = document.definitions.flatMap((definition) =>
          definition.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [],
        );
        const errors = validate(schema, document).map((error) => error.message);
        const [only, ...more] = selected;
        if (only?.kind !== Kind.FIELD || only.name.value !== field || more.length > 0) {
          errors.push(`does not select just ${field}`);
        }
        return errors.map((message) => `${field}: ${message}`);
      } catch (error) {
        return [`${field}: ${String(error)}`];
      }
    };
    const errors = roots.flatMap(([, operations]) =>
      Object.entries(operations).flatMap(([field, operation]) => problems(field, operation)),
    );
    expect(errors).toEqual([]);
  });

  it('names every placeholder default in its header, and nothing else', () => {
    const withDefaults = schemaTypes.flatMap((type) => {
      if (isInputObjectType(type)) {
        return Object.values(type.getFields())
          .filter((field) => field.defaultValue !== undefined)
          .map((field) => `${type.name}.${field.name}: ${String(field.type)}`);
      }
      if (!isObjectType(type)) return [];
      return Object.values(type.getFields()).flatMap((field) =>
        field.args
          .filter((arg) => arg.defaultValue !== undefined)
          .map((arg) => `${type.name}.${field.name}(${arg.name}:): ${String(arg.type)}`),
      );
    });
    const named = [...sdl.matchAll(/^# {3}(\S+: \S+) = /gm)].map((match) => match[1]);
    expect(withDefaults.length).toBeGreaterThan(0);
    expect(named.sort()).toEqual(withDefaults.sort());
  });

  it('is what rerunning the import writes, byte for byte', () => {
    expect(importAdminSchema()).toBe(sdl);
  });
});
