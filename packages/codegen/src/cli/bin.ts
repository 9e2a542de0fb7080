#!/usr/bin/env node
import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io.js';
import { closestOption } from './closest-option.js';
import { misplacedOption } from './command-options.js';
import { describeError } from './describe-error.js';

// Where Node has it (22.1 and later), the code compiled for every module loaded from here on
// (graphql's, jiti's, ours) is kept in a cache on disk, so the next run starts sooner.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const USAGE = `Usage: admin-api <command> [options]

Commands:
  codegen              check the documents and write the module codegen.ts names (and the
                       outputs of other graphql-codegen plugins in its "generates")
  codegen --watch      the same, then again after each change to a document or the schema cache
  init                 write codegen.ts, .graphqlrc.yml, .env.example, src/me.graphql, a "codegen"
                       script and, where nothing CommonJS would break, "type": "module"
  schema pull          introspect the live schema and refresh the cache
  schema check         compare the live schema with the cache; exit 1 on breaking changes or
                       documents that no longer validate

Options:
  --config <file>      "codegen", "schema": the codegen config (default: codegen.ts)
  --cache <file>       "schema": schema cache path (default: from the config, else
                       admin-api.schema.graphql)
  --documents <glob>   "schema check": documents (repeatable; default: from the config)
  -w, --watch          "codegen": keep watching and rebuild on change
  --timings            "codegen": print where the time went, phase by phase
  --force              "init": overwrite existing files
  --esm                "init": set "type": "module" even where CommonJS files were found
  -h, --help           show this help
  -v, --version        print the version of @admin-api/codegen

Credentials come from ADMIN_API_AUTH_URL, ADMIN_API_BASE_URL, ADMIN_API_CLIENT_ID and
ADMIN_API_CLIENT_SECRET, in the environment or in .env.`;

const io: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  progress: (line) => process.stderr.write(`… ${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  async confirm(question) {
    if (!process.stdin.isTTY) return undefined;
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
    } finally {
      rl.close();
    }
  },
};

const OPTIONS = {
  config: { type: 'string' },
  cache: { type: 'string' },
  documents: { type: 'string', multiple: true },
  force: { type: 'boolean', default: false },
  esm: { type: 'boolean', default: false },
  watch: { type: 'boolean', short: 'w', default: false },
  timings: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** parseArgs' refusal of a mistyped or incomplete option, as a usage error with a hint. */
function usageError(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const typed = /'(-[^']*)'/.exec(message)?.[1] ?? '';
    const near = closestOption(typed, Object.keys(OPTIONS));
    return `Unknown option "${typed}"${near ? ` (did you mean ${near}?)` : ''}.`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return message;
  return undefined;
}

const parse = (argv: string[]) =>
  parseArgs({ args: argv, allowPositionals: true, options: OPTIONS, tokens: true });

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    const usage = usageError(error);
    if (usage === undefined) throw error;
    io.error(`${usage}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals, tokens } = parsed;
  const command = positionals.join(' ');
  const misplaced = misplacedOption(
    command,
    tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : [])),
  );
  if (misplaced) {
    io.error(`${misplaced}\n\n${USAGE}`);
    return 2;
  }
  const flags = {
    ...(values.config ? { config: values.config } : {}),
    ...(values.cache ? { cache: values.cache } : {}),
  };
  if (values.version) {
    // dist/cli/bin.js sits two folders below the package's root.
    const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
    io.out(version);
    return 0;
  }
  if (values.help || command === '') {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  // Each command loads only its own modules: `codegen` starts fast.
  switch (command) {
    case 'codegen': {
      const { processIo } = await import('../runner/runner-io.js');
      if (values.watch) {
        const { watchCodegen } = await import('../runner/watch.js');
        return watchCodegen({ ...flags, timings: values.timings }, processIo(), {}, 0);
      }
      const { runCodegen } = await import('../runner/run-codegen.js');
      return runCodegen({ ...flags, timings: values.timings }, processIo(), 0);
    }
    case 'init':
      return (await import('./init.js')).init({ force: values.force, esm: values.esm }, io);
    case 'schema pull':
      return (await import('./schema-pull.js')).schemaPull(flags, io);
    case 'schema check':
      return (await import('./schema-check.js')).schemaCheck(
        { ...flags, ...(values.documents ? { documents: values.documents } : {}) },
        io,
      );
    default:
      io.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    io.error(`✘ ${describeError(error)}`);
    process.exitCode = 1;
  },
);
