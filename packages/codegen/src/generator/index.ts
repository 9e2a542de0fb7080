/**
 * STAND-IN GENERATOR: a temporary implementation of the generator interface, replaced wholesale
 * by the real generator (our own printer). It runs today's graphql-codegen pipeline (the preset's
 * plugins through `@graphql-codegen/core`'s `codegen()`, on the schema pruned to what the
 * documents use, as `defineConfig` does) so `admin-api codegen` works end to end until then.
 *
 * `codegen()` and typescript-operations are async while this interface is synchronous, so the
 * pipeline runs in a worker thread (`stand-in-worker.ts`) and each call blocks on it
 * (`Atomics.wait`, then `receiveMessageOnPort`). Not optimised: it prints the schema once per
 * schema object, re-parses the documents from their source text, and `createIncrementalGenerator`
 * regenerates everything on each `print()`.
 */
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import { type DocumentNode, type GraphQLSchema, print, printSchema } from 'graphql';

/** The documents of one file: one per `.graphql` file, one per template string in code. */
export interface SourceDocuments {
  readonly location: string;
  readonly documents: readonly DocumentNode[];
}

/** What the generated module looks like. */
export interface GeneratorConfig {
  readonly scalars?: Readonly<Record<string, string>>;
  readonly clientModule?: string;
  readonly documentMode?: 'string' | 'node';
}

/** A request to the worker; documents travel as source text, so comments (TSDoc) survive. */
export interface StandInRequest {
  readonly schemaId: number;
  readonly sdl: string | undefined;
  readonly sources: readonly {
    readonly location: string;
    readonly bodies: readonly { readonly name: string; readonly body: string }[];
  }[];
  readonly config: GeneratorConfig;
}

export type StandInResponse = { readonly module: string } | { readonly error: string };

const CALL_TIMEOUT_MS = 120_000;

interface Bridge {
  worker: Worker;
  port: MessagePort;
}

let bridge: Bridge | undefined;
let nextSchemaId = 1;
const schemaIds = new WeakMap<GraphQLSchema, number>();
const schemasSent = new Set<number>();

function workerUrl(): URL {
  // Under vitest this module runs from src/: the worker must be plain JavaScript, so use the build.
  return import.meta.url.endsWith('.ts')
    ? new URL('../../dist/generator/stand-in-worker.js', import.meta.url)
    : new URL('./stand-in-worker.js', import.meta.url);
}

function startBridge(): Bridge {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(workerUrl(), { workerData: { port: port2 }, transferList: [port2] });
  worker.unref();
  port1.unref();
  return { worker, port: port1 };
}

function call(request: StandInRequest): string {
  bridge ??= startBridge();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  bridge.worker.postMessage({ signal, request });
  if (Atomics.wait(signal, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
    throw new Error('stand-in generator: the worker did not answer');
  }
  const response = receiveMessageOnPort(bridge.port)?.message as StandInResponse | undefined;
  if (!response) throw new Error('stand-in generator: the worker answered nothing');
  if ('error' in response) throw new Error(`stand-in generator: ${response.error}`);
  return response.module;
}

/** Prints the module for `sources`, validated against `schema` by the caller. */
export function generateModule(
  schema: GraphQLSchema,
  sources: readonly SourceDocuments[],
  config: GeneratorConfig = {},
): string {
  let schemaId = schemaIds.get(schema);
  if (schemaId === undefined) {
    schemaId = nextSchemaId++;
    schemaIds.set(schema, schemaId);
  }
  const sdl = schemasSent.has(schemaId) ? undefined : printSchema(schema);
  const module = call({
    schemaId,
    sdl,
    sources: sources.map((source) => ({
      location: source.location,
      bodies: source.documents.map((document) => ({
        name: document.loc?.source.name ?? source.location,
        body: document.loc?.source.body ?? print(document),
      })),
    })),
    config,
  });
  schemasSent.add(schemaId);
  return module;
}

/** A generator that keeps the documents of each file; `print()` gives the whole module. */
export function createIncrementalGenerator(
  schema: GraphQLSchema,
  config: GeneratorConfig = {},
): {
  set(location: string, documents: readonly DocumentNode[] | undefined): void;
  print(): string;
} {
  const files = new Map<string, readonly DocumentNode[]>();
  return {
    set(location, documents) {
      if (documents) files.set(location, documents);
      else files.delete(location);
    },
    print: () =>
      generateModule(
        schema,
        [...files].map(([location, documents]) => ({ location, documents })),
        config,
      ),
  };
}
