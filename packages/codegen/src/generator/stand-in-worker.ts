// STAND-IN GENERATOR's worker (see index.ts): runs graphql-codegen's `codegen()` with the preset's
// plugins for the main thread, which waits on `signal`.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { codegen } from '@graphql-codegen/core';
import type { CodegenPlugin, Types } from '@graphql-codegen/plugin-helpers';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { type DocumentNode, parse, Source } from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import { DEFAULT_SCALARS, PRESET_DEFAULT_CONFIG, PRESET_HEADER } from '../preset.js';
import { pruneSchemaForDocuments } from '../schema/prune-schema.js';
import * as sdkPlugin from '../sdk-plugin/index.js';
import type { StandInRequest, StandInResponse } from './index.js';

const port = (workerData as { port: MessagePort }).port;
const schemas = new Map<number, DocumentNode>();
const headerPlugin: CodegenPlugin = { plugin: () => ({ prepend: [PRESET_HEADER], content: '' }) };

async function generate(request: StandInRequest): Promise<string> {
  if (request.sdl !== undefined) {
    schemas.set(request.schemaId, parse(request.sdl, { noLocation: true }));
  }
  const schema = schemas.get(request.schemaId);
  if (!schema) throw new Error(`unknown schema ${request.schemaId}`);
  const documents: Types.DocumentFile[] = [...request.sources]
    .sort((a, b) => compareCodeUnits(a.location, b.location))
    .flatMap((source) =>
      source.bodies.map((body) => ({
        location: source.location,
        document: parse(new Source(body.body, body.name)),
      })),
    );
  const pruned = pruneSchemaForDocuments(
    schema,
    documents.flatMap((file) => (file.document ? [file.document] : [])),
  );
  const { scalars, clientModule, documentMode } = request.config;
  return codegen({
    filename: 'admin-api.ts',
    schema: pruned ?? schema,
    documents,
    config: {
      ...PRESET_DEFAULT_CONFIG,
      scalars: { ...DEFAULT_SCALARS, ...scalars },
      ...(clientModule ? { clientModule } : {}),
      ...(documentMode === 'string' ? { documentMode: 'string' } : {}),
    },
    plugins: [
      { 'admin-api-header': {} },
      { 'typescript-operations': {} },
      { 'typed-document-node': {} },
      { 'admin-api-sdk': {} },
    ],
    pluginMap: {
      'admin-api-header': headerPlugin,
      'typescript-operations': typescriptOperations,
      'typed-document-node': typedDocumentNode,
      'admin-api-sdk': sdkPlugin,
    },
    skipDocumentsValidation: true,
  });
}

parentPort?.on(
  'message',
  ({ signal, request }: { signal: Int32Array; request: StandInRequest }) => {
    generate(request)
      .then(
        (module): StandInResponse => ({ module }),
        (error: unknown): StandInResponse => ({
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
      )
      .then((response) => {
        port.postMessage(response);
        Atomics.store(signal, 0, 1);
        Atomics.notify(signal, 0);
      });
  },
);
