import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isObjectType } from 'graphql';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateWebhookTypes,
  OUTPUT_PATH,
  SCHEMA_PATH,
  WEBHOOK_ROOT_TYPES,
} from '../scripts/generate-webhook-types.js';

const sdl = readFileSync(SCHEMA_PATH, 'utf8');
const schema = buildSchema(sdl);
const committed = readFileSync(OUTPUT_PATH, 'utf8');
/** The names the module exports, in order. */
const exported = [...committed.matchAll(/^export type (\w+)/gm)].map((match) => match[1] ?? '');

describe('src/webhook-data.generated.ts', () => {
  let fresh = '';
  beforeAll(async () => {
    fresh = await generateWebhookTypes();
  });

  it('is what the generator makes from the schema now, byte for byte', () => {
    expect(fresh === committed, 'run `pnpm --filter @admin-api/app generate:webhook-types`').toBe(
      true,
    );
  });

  it('says it is generated, and by which command', () => {
    expect(committed.split('\n').slice(0, 6).join('\n')).toContain(
      'pnpm --filter @admin-api/app generate:webhook-types',
    );
    expect(committed.startsWith('// biome-ignore-all lint: generated file\n')).toBe(true);
  });

  it('declares only schema types: the payload roots and what their fields reach, no inputs', () => {
    const helpers = exported.filter((name) => !schema.getType(name));
    expect(helpers.sort()).toEqual(['Maybe', 'Scalars']);
    for (const root of WEBHOOK_ROOT_TYPES) expect(exported).toContain(root);
    // Reached through Product.variants and Order.orderLineItems.
    expect(exported).toEqual(expect.arrayContaining(['Variant', 'OrderLineItem', 'Invoice']));
    const schemaTypes = exported.filter((name) => schema.getType(name));
    for (const name of schemaTypes) {
      const type = schema.getType(name);
      expect(isObjectType(type) || isEnumType(type), name).toBe(true);
    }
    expect(exported).not.toContain('Query');
    expect(exported).not.toContain('ProductInput');
    expect(exported).not.toContain('ProductPaginationResponse');
    expect(new Set(exported).size).toBe(exported.length);
    expect(exported.length).toBe(169);
  });

  it('is types only: nothing is left once TypeScript erases them', () => {
    const { outputText } = ts.transpileModule(committed, {
      compilerOptions: { module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
    });
    expect(outputText.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim()).toBe('export {};');
    expect(committed).not.toMatch(/^export (enum|const|function|class) /m);
  });

  it('maps Timestamp to epoch-ms numbers and JSON to JSON values', () => {
    expect(committed).toContain('Timestamp: { input: number; output: number };');
    expect(committed).toContain('JSON: { input: JsonValue; output: JsonValue };');
    expect(committed).toContain("import type { JsonValue } from './webhook-event.js';");
  });

  it('fails rather than invent a payload type the schema lacks', async () => {
    const withoutCustomer = 'type Product { id: String! }\ntype Order { id: String! }';
    await expect(generateWebhookTypes(withoutCustomer)).rejects.toThrow('has no type "Customer"');
  });

  it('follows the schema: a field added there appears in the types', async () => {
    const added = sdl.replace(
      /^type SimpleProductTag \{/m,
      'type SimpleProductTag {\n  """A field the test adds."""\n  addedByTest: Timestamp\n',
    );
    expect(added).not.toBe(sdl);
    const generated = await generateWebhookTypes(added);
    expect(generated).toContain("addedByTest?: Maybe<Scalars['Timestamp']['output']>;");
  });
});
