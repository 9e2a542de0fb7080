import type { GraphQLSchema } from 'graphql';
import { describeError } from '../cli/describe-error.js';
import type { GraphQLCodegenOutput } from '../codegen-plugin-types.js';
import type { ResolvedCodegenOptions } from '../define-config.js';
import { CodegenError } from '../errors.js';
import { packageManagerCommands } from '../package-manager.js';
import { projectPath } from './find-documents.js';
import type { RunnerIo } from './runner-io.js';

/** The outputs of other graphql-codegen plugins a config names in `generates`. */
export interface OtherOutputs {
  /** Their paths, as the config writes them. */
  readonly paths: readonly string[];
  /**
   * Runs them through graphql-codegen's engine with `schema` (the full one the module was
   * generated from) and the config's documents, one line each; resolves to whether all worked.
   */
  run(schema: GraphQLSchema, io: RunnerIo): Promise<boolean>;
  /** Says, one line each, that they were not written (the module's documents have errors). */
  skip(io: RunnerIo): void;
}

type Generate = typeof import('@graphql-codegen/cli')['generate'];

/** `typescript, typed-document-node`, or `preset client`: what runs an output, for messages. */
function describeOutput(output: GraphQLCodegenOutput): string {
  const plugins = Array.isArray(output)
    ? output
    : ((output as { plugins?: unknown }).plugins ?? []);
  const names = (Array.isArray(plugins) ? plugins : []).map((plugin: unknown) =>
    typeof plugin === 'string' ? plugin : Object.keys(plugin as object)[0],
  );
  const preset = Array.isArray(output) ? undefined : (output as { preset?: unknown }).preset;
  if (preset !== undefined)
    names.unshift(`preset ${typeof preset === 'string' ? preset : '(object)'}`);
  return names.join(', ') || 'no plugins';
}

const list = (paths: readonly string[]) => paths.join(', ');

/**
 * The outputs of `generates`, ready to run, or `undefined` when there are none. graphql-codegen's
 * engine (`@graphql-codegen/cli`, an optional peer dependency) is loaded here, before any work:
 * without it, `MISSING_DEPENDENCY` names the outputs and the install command, rather than writing
 * the module alone and leaving them unwritten.
 */
export async function prepareOtherOutputs(
  options: ResolvedCodegenOptions,
  configName: string,
): Promise<OtherOutputs | undefined> {
  const entries = Object.entries(options.generates);
  if (entries.length === 0) return undefined;
  const paths = entries.map(([path]) => path);
  let generate: Generate;
  try {
    ({ generate } = await import('@graphql-codegen/cli'));
  } catch (error) {
    throw new CodegenError(
      'MISSING_DEPENDENCY',
      `"generates" in ${configName} names outputs of other graphql-codegen plugins (${list(paths)}): admin-api codegen runs them with graphql-codegen's engine, which is not installed. ` +
        `Run \`${packageManagerCommands().addDev} @graphql-codegen/cli\` and add the plugins they use, or remove them from "generates".`,
      { cause: error },
    );
  }
  // Documents for the other plugins: the config's, never the module or the schema cache.
  const documents = [
    ...options.documents,
    `!${options.output}`,
    ...(options.cachePath ? [`!${projectPath(options.cachePath)}`] : []),
  ];
  return {
    paths,
    async run(schema, io) {
      try {
        await generate(
          {
            cwd: process.cwd(),
            silent: true,
            // A GraphQLSchema is taken as it is: the one the module was generated from.
            schema: schema as never,
            documents,
            generates: Object.fromEntries(
              entries.map(([path, output]) => [
                path,
                (Array.isArray(output) ? { plugins: [...output] } : output) as never,
              ]),
            ),
          },
          true,
        );
      } catch (error) {
        const errors = error instanceof AggregateError ? error.errors : [error];
        for (const each of errors) {
          io.err(io.errStyle.error(`✘ graphql-codegen (${list(paths)}): ${describeError(each)}`));
        }
        return false;
      }
      for (const [path, output] of entries) {
        io.out(`${io.outStyle.success('✔')} ${path}: graphql-codegen (${describeOutput(output)})`);
      }
      return true;
    },
    skip(io) {
      for (const [path, output] of entries) {
        io.err(
          io.errStyle.error(
            `✘ ${path} (graphql-codegen: ${describeOutput(output)}) not written: the documents have errors`,
          ),
        );
      }
    },
  };
}
