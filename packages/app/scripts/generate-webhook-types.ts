// `pnpm --filter @admin-api/app generate:webhook-types`: writes src/webhook-data.generated.ts, the
// types of the webhooks' `data`, from the Admin API schema the emulator serves (the real one), with
// @graphql-codegen/typescript over the schema pruned to the types the payloads reach. With
// `--check` it writes nothing and fails when the committed file differs. A test runs the same
// generation, so the schema and the committed file cannot drift apart.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { plugin, type TypeScriptPluginConfig } from '@graphql-codegen/typescript';
import {
  buildSchema,
  type GraphQLNamedType,
  GraphQLSchema,
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  isUnionType,
  lexicographicSortSchema,
} from 'graphql';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The real Admin API schema, as the emulator serves it. */
export const SCHEMA_PATH = fileURLToPath(
  new URL('../../emulator/schema/admin-api.graphql', import.meta.url),
);
/** Where the generated module is committed. */
export const OUTPUT_PATH = fileURLToPath(
  new URL('../src/webhook-data.generated.ts', import.meta.url),
);

/**
 * The types the vendor's webhook payload types (`@ikas/api-client`'s `IWebhook*`) are built from;
 * the generated module holds these and every type their fields reach, nothing else.
 */
export const WEBHOOK_ROOT_TYPES = [
  'Customer',
  'MerchantAppPaymentStatusEnum',
  'MerchantAppPaymentTypeEnum',
  'MerchantAppSubscription',
  'Order',
  'Product',
  'ProductAttribute',
  'ProductAttributeOption',
  'ProductAttributeValue',
  'ProductStockLocation',
  'ProductVariantType',
  'SimpleCategory',
  'SimpleProductBrand',
  'SimpleProductTag',
  'VariantType',
] as const;

/**
 * @graphql-codegen/typescript's settings: nullable fields `field?: Maybe<T>` (`T | null`),
 * non-null ones required, enums as string-literal unions (no runtime code), no `__typename`
 * (the payloads carry none), a TypeScript type for each of the schema's own scalars, and the
 * schema's own names (`HTMLMetaData`, not codegen's `HtmlMetaData`): every name is the API's.
 */
const CODEGEN_CONFIG: TypeScriptPluginConfig = {
  namingConvention: 'keep',
  enumsAsTypes: true,
  skipTypename: true,
  strictScalars: true,
  scalars: {
    /** Epoch milliseconds on the wire. */
    Timestamp: 'number',
    JSON: 'JsonValue',
  },
};

/** A named type of `schema`, or an error naming it: a payload type the schema lacks is not invented. */
function schemaType(schema: GraphQLSchema, name: string): GraphQLNamedType {
  const type = schema.getType(name);
  if (!type) throw new Error(`${relative(REPO_ROOT, SCHEMA_PATH)} has no type "${name}"`);
  return type;
}

/** The types reachable from `roots` through output fields, built-in scalars left out. */
function reachableTypes(schema: GraphQLSchema, roots: readonly string[]): GraphQLNamedType[] {
  const seen = new Map<string, GraphQLNamedType>();
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    const type = schemaType(schema, name);
    seen.set(name, type);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields()))
        queue.push(getNamedType(field.type).name);
      for (const parent of type.getInterfaces()) queue.push(parent.name);
    } else if (isUnionType(type)) {
      for (const member of type.getTypes()) queue.push(member.name);
    } else if (isInputObjectType(type)) {
      throw new Error(`"${name}" is an input type: webhook payloads are output types`);
    }
  }
  return [...seen.values()].filter((type) => !isSpecifiedScalarType(type));
}

/** A schema of only the payloads' types, sorted so that the output does not follow the SDL's order. */
export function prunedSchema(sdl: string): GraphQLSchema {
  const types = reachableTypes(buildSchema(sdl), WEBHOOK_ROOT_TYPES);
  for (const type of types) {
    if ((isObjectType(type) || isInterfaceType(type)) && hasArguments(type)) {
      throw new Error(`"${type.name}" has fields with arguments, which the generator drops`);
    }
  }
  return lexicographicSortSchema(new GraphQLSchema({ types }));
}

function hasArguments(type: { getFields(): Record<string, { args: readonly unknown[] }> }) {
  return Object.values(type.getFields()).some((field) => field.args.length > 0);
}

/** The module's first lines: what made it, how to make it again, and lint off. */
function header(): string {
  const schema = relative(REPO_ROOT, SCHEMA_PATH);
  return [
    '// biome-ignore-all lint: generated file',
    '/**',
    ` * Generated from ${schema}`,
    ' * by packages/app/scripts/generate-webhook-types.ts (@graphql-codegen/typescript over the',
    ' * types webhook payloads reach). Do not edit: run',
    ' * `pnpm --filter @admin-api/app generate:webhook-types`.',
    ' */',
    '',
    "import type { JsonValue } from './webhook-event.js';",
    '',
  ].join('\n');
}

/** The plugin's helper types (`Maybe`, `InputMaybe`) that the types use; there are no inputs. */
function usedHelpers(prepend: readonly string[], content: string): string[] {
  return prepend.filter((line) => {
    const name = /^export type (\w+)/.exec(line)?.[1];
    return name === undefined || new RegExp(`\\b${name}\\b`).test(content);
  });
}

/** `source` formatted by the repo's Biome, as `biome check` wants the committed file. */
async function formatWithBiome(source: string): Promise<string> {
  const biome = createRequire(`${REPO_ROOT}package.json`).resolve('@biomejs/biome/bin/biome');
  const child = promisify(execFile)(
    process.execPath,
    [biome, 'format', `--stdin-file-path=${relative(REPO_ROOT, OUTPUT_PATH)}`],
    { cwd: REPO_ROOT, maxBuffer: 64 * 2 ** 20 },
  );
  child.child.stdin?.end(source);
  const { stdout } = await child;
  return stdout;
}

/** The generated module's text, formatted: byte-identical on every run over the same schema. */
export async function generateWebhookTypes(sdl?: string): Promise<string> {
  const schema = prunedSchema(sdl ?? (await readFile(SCHEMA_PATH, 'utf8')));
  const output = await plugin(schema, [], CODEGEN_CONFIG, { outputFile: OUTPUT_PATH });
  const prepend = usedHelpers(output.prepend ?? [], output.content);
  return formatWithBiome(`${header()}\n${prepend.join('\n')}\n\n${output.content}`);
}

async function main(check: boolean): Promise<void> {
  const generated = await generateWebhookTypes();
  const path = relative(REPO_ROOT, OUTPUT_PATH);
  if (check) {
    const committed = await readFile(OUTPUT_PATH, 'utf8').catch(() => '');
    if (committed !== generated) {
      process.stderr.write(`${path} is out of date: run the script without --check.\n`);
      process.exitCode = 1;
    }
    return;
  }
  await writeFile(OUTPUT_PATH, generated);
  const types = generated.match(/^export type /gm)?.length ?? 0;
  process.stdout.write(`${path}: ${types} types, ${Buffer.byteLength(generated)} bytes\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.includes('--check'));
}
