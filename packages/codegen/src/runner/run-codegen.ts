import { resolve } from 'node:path';
import { checkOutputPath } from './check-output-path.js';
import { type CodegenProject, createCodegenProject, type ProjectBuild } from './codegen-project.js';
import { projectPath } from './find-documents.js';
import { countProblems, formatDiagnostic, formatSize } from './format-diagnostics.js';
import { loadConfig } from './load-config.js';
import { createPhaseClock, NO_CLOCK, type PhaseClock } from './phase-clock.js';
import { loadProjectSchema, type ProjectSchema } from './project-schema.js';
import { type RunnerIo, runnerLogger } from './runner-io.js';
import { runnerSettings } from './runner-settings.js';
import { writeOutput } from './write-output.js';

/** Flags of `admin-api codegen`. */
export interface CodegenFlags {
  /** @default 'codegen.ts' */
  readonly config?: string | undefined;
  /** Print where the time went, phase by phase. */
  readonly timings?: boolean | undefined;
}

/** A project loaded and checked once: what both the one-shot run and the watcher start from. */
export interface StartedProject {
  readonly project: CodegenProject;
  /** Absolute path of the config file. */
  readonly configFile: string;
  readonly schema: ProjectSchema;
  readonly cachePath: string | false;
  readonly documents: readonly string[];
}

/** Loads `codegen.ts`, the schema and every document; `incremental` for the watcher. */
export async function startProject(
  flags: CodegenFlags,
  io: RunnerIo,
  incremental: boolean,
  clock: PhaseClock = NO_CLOCK,
): Promise<StartedProject> {
  const { file, options } = await loadConfig(flags.config);
  checkOutputPath(resolve(options.output), {
    configFile: file,
    cachePath: options.cachePath,
    envFile: options.envFile,
    documents: options.documents,
  });
  clock.lap('config');
  const settings = runnerSettings(options, file);
  for (const key of settings.ignoredConfigKeys) {
    io.err(
      `${io.errStyle.warning('warning')}: config.${key} in ${settings.configName} is read only by graphql-codegen's plugins; admin-api codegen ignores it.`,
    );
  }
  const schema = await loadProjectSchema(options, options.logger ?? runnerLogger(io));
  clock.lap('schema');
  const project = createCodegenProject(options, schema.schema, settings, incremental);
  await project.refresh();
  clock.lap('documents');
  return {
    project,
    configFile: file,
    schema,
    cachePath: options.cachePath,
    documents: options.documents,
  };
}

/** `12 operations, 34 KB` (and `, 1 warning`). */
function describeModule(build: ProjectBuild, bytes: number): string {
  const warnings = build.warnings > 0 ? `, ${countProblems(build.diagnostics)}` : '';
  return `${build.operations} operation${build.operations === 1 ? '' : 's'}, ${formatSize(bytes)}${warnings}`;
}

/**
 * Builds the project and reports like a compiler: every diagnostic in file order, then writes
 * the module when there is no error, the timings (with `--timings`) and one summary line.
 * `changes` says why the watcher rebuilt, `undefined` for a first build; `since` is the
 * `performance.now()` the time counts from. Resolves to whether the build had no error.
 */
export function buildAndReport(
  project: CodegenProject,
  io: RunnerIo,
  report: { readonly since: number; readonly clock: PhaseClock; readonly changes?: string },
): boolean {
  const { since, clock, changes } = report;
  const build = project.build(clock);
  for (const diagnostic of build.diagnostics) io.err(formatDiagnostic(diagnostic, io.errStyle));
  const shown = projectPath(project.output);
  const result = build.module === undefined ? undefined : writeOutput(project.output, build.module);
  if (result) clock.lap('write');
  const timings = clock.summary(); // '' from NO_CLOCK: no --timings
  if (timings) io.err(io.errStyle.dim(`timings: ${timings}`));
  const ms = Math.round(performance.now() - since);
  if (build.module === undefined) {
    const problems = countProblems(build.diagnostics);
    io.err(
      io.errStyle.error(
        changes === undefined
          ? `✘ ${problems}; ${shown} not written`
          : `✘ rebuild failed in ${ms} ms (${changes}): ${problems}; ${shown} not updated, the last good version stays`,
      ),
    );
    return false;
  }
  const module = describeModule(build, Buffer.byteLength(build.module));
  const unchanged = result === 'unchanged' ? ' (unchanged)' : '';
  io.out(
    `${io.outStyle.success('✔')} ${
      changes === undefined
        ? `${shown}: ${module}, ${ms} ms${unchanged}`
        : `rebuilt ${shown} in ${ms} ms (${changes}): ${module}${unchanged}`
    }`,
  );
  return true;
}

/**
 * `admin-api codegen`: checks every document, then writes the module, or writes nothing and
 * resolves to 1 when there is an error. `startedAt` is a `performance.now()` reading (0: the
 * process start, which the summary's time then includes).
 */
export async function runCodegen(
  flags: CodegenFlags,
  io: RunnerIo,
  startedAt = performance.now(),
): Promise<number> {
  const clock = flags.timings ? createPhaseClock(startedAt) : NO_CLOCK;
  clock.lap('startup');
  const { project } = await startProject(flags, io, false, clock);
  return buildAndReport(project, io, { since: startedAt, clock }) ? 0 : 1;
}
