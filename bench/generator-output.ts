// The generator's output against plain graphql-codegen's (typescript-operations +
// typescript-graphql-request) for the same documents: bytes per operation and `tsc` time of the
// module, and the generator's own speed in-process, on the Admin API schema (the vendor's 132
// operations) and on GitHub's (100 and 500 operations), in one run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import { generate } from '@graphql-codegen/cli';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { schema as githubIntrospection } from '@octokit/graphql-schema';
import { parse } from 'graphql';
import {
  collectDefinitions,
  createIncrementalGenerator,
  generateModule,
  type SourceDocuments,
} from '../packages/codegen/src/generator/index.js';
import { type BenchReport, median, runIfMain, table } from './bench-report.js';
import {
  adminApiWorkload,
  githubWorkload,
  operationPath,
  type Workload,
  writeOperations,
} from './codegen-workloads.js';
import { importsOnly, type TscCpu, tscCpuEach } from './tsc-cpu.js';

const WORK = fileURLToPath(new URL('./.work/generator/', import.meta.url));
const TSC_RUNS = Number(process.env.BENCH_GENERATOR_TSC_RUNS ?? 5);
const GENERATOR_RUNS = Number(process.env.BENCH_GENERATOR_RUNS ?? 15);

interface Corpus extends Workload {
  /** The schema as graphql-codegen's CLI loads it: SDL or introspection JSON. */
  readonly schemaFile: { name: string; text: string };
}

function corpora(): Corpus[] {
  const githubFile = { name: 'schema.json', text: JSON.stringify(githubIntrospection.json) };
  return [
    {
      ...adminApiWorkload(),
      name: 'Admin API, 132 vendor operations',
      schemaFile: { name: 'schema.graphql', text: adminApiSchemaSdl() },
    },
    { ...githubWorkload(100), name: 'GitHub, 100 operations', schemaFile: githubFile },
    { ...githubWorkload(500), name: 'GitHub, 500 operations', schemaFile: githubFile },
  ];
}

/** Median wall and CPU milliseconds of `runs` calls of `work`, after one unmeasured call. */
function timeInProcess(work: () => unknown, runs: number): { wallMs: number; cpuMs: number } {
  work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    work();
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

/** Plain graphql-codegen's module for the corpus, as its CLI writes it. */
async function plainModule(dir: string, corpus: Corpus): Promise<string> {
  const outputs = (await generate(
    {
      cwd: dir,
      silent: true,
      schema: join(dir, corpus.schemaFile.name),
      documents: join(dir, 'ops/*.graphql'),
      generates: {
        [join(dir, 'plain.ts')]: {
          plugins: ['typescript-operations', 'typescript-graphql-request'],
        },
      },
      pluginLoader: (name: string) => import(name),
    },
    false,
  )) as { content: string }[];
  return outputs[0]?.content ?? '';
}

/** `--strict` with bundler resolution, so plain's default import of graphql-tag compiles too. */
const STRICT_BUNDLER = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/** A module without its comments: the code alone, whatever documentation it carries. */
function withoutComments(module: string): string {
  return module.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

export async function generatorOutput(): Promise<BenchReport> {
  const sizeRows: (string | number)[][] = [];
  const speedRows: (string | number)[][] = [];
  for (const corpus of corpora()) {
    const dir = join(WORK, corpus.name.replace(/\W+/g, '-'));
    writeOperations(dir, corpus.operations);
    writeFileSync(join(dir, corpus.schemaFile.name), corpus.schemaFile.text);
    process.stderr.write(`generator-output: ${corpus.name}\n`);
    const sources: SourceDocuments[] = corpus.operations.map((op, i) => ({
      location: operationPath(i),
      documents: [parse(op)],
    }));
    const ours = generateModule(corpus.schema, sources);
    const plain = await plainModule(dir, corpus);
    writeFileSync(join(dir, 'ours.ts'), ours);
    writeFileSync(join(dir, 'plain.ts'), plain);
    writeFileSync(join(dir, 'ours-imports.ts'), importsOnly(ours));
    writeFileSync(join(dir, 'plain-imports.ts'), importsOnly(plain));

    const cpu = await tscCpuEach(
      dir,
      ['plain', 'ours', 'plain-imports', 'ours-imports'].map((file) => `${file}.ts`),
      STRICT_BUNDLER,
      TSC_RUNS,
    );
    const tsc: Record<string, TscCpu> = Object.fromEntries(
      [...cpu].map(([file, result]) => [file.replace(/\.ts$/, ''), result]),
    );
    const own = (file: 'plain' | 'ours') =>
      Math.max(0, (tsc[file]?.seconds ?? 0) - (tsc[`${file}-imports`]?.seconds ?? 0));
    const count = corpus.operations.length;
    sizeRows.push([
      corpus.name,
      (plain.length / count).toFixed(0),
      (ours.length / count).toFixed(0),
      (ours.length / plain.length).toFixed(2),
      (withoutComments(ours).length / withoutComments(plain).length).toFixed(2),
      `${tsc.plain?.seconds.toFixed(2)} / ${tsc.ours?.seconds.toFixed(2)}`,
      ((tsc.ours?.seconds ?? 0) / (tsc.plain?.seconds ?? 1)).toFixed(2),
      `${own('plain').toFixed(2)} / ${own('ours').toFixed(2)}`,
      (own('ours') / (own('plain') || 1)).toFixed(2),
      `${tsc.plain?.errors} / ${tsc.ours?.errors}`,
    ]);

    const documents = sources.flatMap(({ location, documents: [document] }) =>
      document ? [{ location, document }] : [],
    );
    const config = { enumType: 'string-literal', defaultScalarType: 'unknown' } as const;
    const operationsAlone = timeInProcess(
      () => typescriptOperations.plugin(corpus.schema, documents, config, { outputFile: 'x.ts' }),
      Math.min(GENERATOR_RUNS, 5),
    );
    const generator = timeInProcess(() => generateModule(corpus.schema, sources), GENERATOR_RUNS);
    // A watcher's rebuild: one file edited, the module printed again.
    const incremental = createIncrementalGenerator(corpus.schema);
    incremental.print(collectDefinitions(sources));
    const edited = Math.floor(count / 2);
    const reprint = timeInProcess(() => {
      const reparsed = [parse(corpus.operations[edited] ?? '')];
      return incremental.print(
        collectDefinitions(
          sources.map((source, index) =>
            index === edited ? { ...source, documents: reparsed } : source,
          ),
        ),
      );
    }, GENERATOR_RUNS);
    speedRows.push([
      corpus.name,
      `${operationsAlone.wallMs.toFixed(0)} / ${operationsAlone.cpuMs.toFixed(0)}`,
      `${generator.wallMs.toFixed(0)} / ${generator.cpuMs.toFixed(0)}`,
      (generator.cpuMs / operationsAlone.cpuMs).toFixed(2),
      `${reprint.wallMs.toFixed(0)} / ${reprint.cpuMs.toFixed(0)}`,
    ]);
  }
  const markdown = `## Generator output

The module our generator writes vs plain graphql-codegen's (\`typescript-operations\` +
\`typescript-graphql-request\`, through its CLI) for the same documents: the Admin API schema with
the vendor's operation for every root field (\`default-gqls.js\` of \`@ikas/api-client\`), and GitHub's
schema with 100 and 500 operations. tsc: CPU seconds (user + system) of \`--noEmit --strict\`, bundler
resolution, median of ${TSC_RUNS} rounds that check each file once in turn; "own" subtracts the time of a file with the module's imports alone
(TypeScript's lib and the typings the module imports). "without comments" compares the modules with the
schema's descriptions and every other comment removed from both. Ratios are ours ÷ plain (below 1
is smaller or faster).

${table(['corpus', 'plain bytes/op', 'our bytes/op', 'bytes ratio', 'without comments', 'tsc CPU s plain / ours', 'tsc ratio', 'own tsc CPU s plain / ours', 'own tsc ratio', 'tsc errors plain / ours'], sizeRows)}

Generator speed in-process, median of ${GENERATOR_RUNS} runs after a warm-up, wall / CPU ms: \`typescript-operations\`
alone (types only, no documents or SDK) vs our whole module, and our incremental generator
printing again after one file changed.

${table(['corpus', 'typescript-operations ms', 'our generator ms', 'CPU ratio', 'incremental reprint ms'], speedRows)}
`;
  return { title: 'generator output', markdown };
}

runIfMain(import.meta.url, generatorOutput);
