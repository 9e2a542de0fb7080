import { resolve } from 'node:path';
import { checkOutputPath } from './check-output-path.js';
import { type CodegenProject, createCodegenProject, type ProjectBuild } from './codegen-project.js';
import { projectPath } from './find-documents.js';
import { countProblems, formatDiagnostic, formatSize } from './format-diagnostics.js';
import { loadConfig } from './load-config.js';
import { type OtherOutputs, prepareOtherOutputs } from './other-outputs.js';
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
  /** The outputs of other graphql-codegen plugins in `generates`, if any. */
  readonly others: OtherOutputs | undefined;
}

// The outputs of `generates` of a project, run after each build that writes the module: the
// watcher rebuilds through buildAndReport too, and they follow.
const otherOutputs = new WeakMap<CodegenProject, OtherOutputs>();
// The latest run of those outputs, each after the one before; whether all of them worked.
const otherRuns = new WeakMap<CodegenProject, Promise<boolean>>();

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
  for (const key of settings.otherKeys) {
    io.err(
      `${io.errStyle.warning('warning')}: config.${key} in ${settings.configName} is read only by graphql-codegen's plugins; admin-api codegen ignores it.`,
    );
  }
  // Before the schema: without graphql-codegen's engine, they could not be written.
  const others = await prepareOtherOutputs(options, settings.configName);
  const schema = await loadProjectSchema(options, options.logger ?? runnerLogger(io));
  clock.lap('schema');
  const project = createCodegenProject(options, schema.schema, settings, incremental);
  if (others) otherOutputs.set(project, others);
  await project.refresh();
  clock.lap('documents');
  return {
    project,
    configFile: file,
    schema,
    cachePath: options.cachePath,
    documents: options.documents,
    others,
  };
}

/** `12 operations, 34 KB` (and `, 1 warning`). */
function describeModule(build: ProjectBuild, bytes: number): string {
  const warnings = build.warnings > 0 ? `, ${countProblems(build.diagnostics)}` : '';
  return `${build.operations} operation${build.operations === 1 ? '' : 's'}, ${formatSize(bytes)}${warnings}`;
}

/**
 * After a build, the outputs of `generates`: run when the module was written (after any run still
 * under way), or reported as not written.
 */
function followWithOtherOutputs(project: CodegenProject, io: RunnerIo, built: boolean): void {
  const others = otherOutputs.get(project);
  if (!others) return;
  if (!built) {
    others.skip(io);
    return;
  }
  const before = otherRuns.get(project) ?? Promise.resolve(true);
  otherRuns.set(
    project,
    before.then(() => others.run(project.schema, io)),
  );
}

/** Whether the outputs of `generates` that the last build started all worked (true: none). */
export function otherOutputsSettled(project: CodegenProject): Promise<boolean> {
  return otherRuns.get(project) ?? Promise.resolve(true);
}

/**
 * Builds the project and reports like a compiler: every diagnostic in file order, then writes
 * the module when there is no error, the timings (with `--timings`) and one summary line; then
 * the outputs of other plugins in `generates` follow, through graphql-codegen's engine.
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
    followWithOtherOutputs(project, io, false);
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
  followWithOtherOutputs(project, io, true);
  return true;
}

/**
 * `admin-api codegen`: checks every document, then writes the module and the outputs of other
 * plugins in `generates`, or writes nothing and resolves to 1 when there is an error. `startedAt` is a `performance.now()` reading (0: the
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
  const built = buildAndReport(project, io, { since: startedAt, clock });
  const others = await otherOutputsSettled(project);
  return built && others ? 0 : 1;
}
