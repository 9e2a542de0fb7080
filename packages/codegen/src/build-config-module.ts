import type { GraphQLSchema } from 'graphql';
import { codegenSettings, kitConfig } from './core/codegen-settings.js';
import type { ResolvedCodegenOptions } from './define-config.js';
import { moduleOf, type WarningReporter } from './graphql-codegen-build.js';
import { createCodegenProject } from './runner/codegen-project.js';
import type { RunnerSettings } from './runner/runner-settings.js';

// How messages name the config (`NO_DOCUMENTS`): graphql-codegen does not tell a preset which
// file it loaded.
const CONFIG_NAME = 'the config given to toGraphQLCodegenConfig';

/**
 * The module of a `defineConfig` config, for the preset `toGraphQLCodegenConfig` makes: built as
 * `admin-api codegen` builds it, from the documents it finds. The config's globs are walked by its
 * finder (never the module, the schema cache or `node_modules`), each file read and plucked by its
 * reader (`#graphql` templates too, which graphql-codegen's loader does not know, so it never
 * lists a file that has only those), and checked as one project (`NO_DOCUMENTS` when no file
 * matches): the files graphql-codegen found play no part, so both doors give the same bytes and
 * diagnostics. Warnings go to `warn`; an error rejects with one `CodegenError`, coded by the first.
 * `config` is the output's, as graphql-codegen hands it to the preset.
 */
export async function buildConfigModule(
  options: ResolvedCodegenOptions,
  schema: GraphQLSchema,
  config: object,
  warn: WarningReporter,
): Promise<string> {
  const settings: RunnerSettings = {
    ...codegenSettings(config),
    configName: CONFIG_NAME,
    read: kitConfig(config),
  };
  const project = createCodegenProject(options, schema, settings, false);
  await project.refresh();
  return moduleOf(project.build(), warn);
}
