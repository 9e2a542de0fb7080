import { resolve } from 'node:path';
import type { ResolvedCodegenOptions } from '../define-config.js';
import { buildKey, openBuildCache, type ReusableBuild } from './build-cache.js';
import { openCheckCache } from './check-cache.js';
import { checkOutputPath } from './check-output-path.js';
import { type CodegenProject, createCodegenProject, readDocumentTexts } from './codegen-project.js';
import { projectPath } from './find-documents.js';
import { countProblems, formatDiagnostic, formatSize } from './format-diagnostics.js';
import { assertBoundedValidation } from './graphql-version.js';
import { loadConfig } from './load-config.js';
import { CODE_FILE } from './load-documents.js';
import { type OtherOutputs, prepareOtherOutputs } from './other-outputs.js';
import { createPhaseClock, NO_CLOCK, type PhaseClock } from './phase-clock.js';
import { loadProjectSchema, type ProjectSchema } from './project-schema.js';
import { type RunnerIo, runnerLogger } from './runner-io.js';
import { type RunnerSettings, runnerSettings } from './runner-settings.js';
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

/** A config loaded and checked, before the schema: where both kinds of start begin. */
interface LoadedProject {
  readonly file: string;
  readonly options: ResolvedCodegenOptions;
  readonly settings: RunnerSettings;
  readonly others: OtherOutputs | undefined;
}

/** Loads `codegen.ts` and checks its output path; warns of `config` keys only plugins read. */
async function loadProject(
  flags: CodegenFlags,
  io: RunnerIo,
  clock: PhaseClock,
): Promise<LoadedProject> {
  const { file, options } = await loadConfig(flags.config);
  // Before the schema, whose introspection may take a while: refused anyway at validation.
  assertBoundedValidation();
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
  return { file, options, settings, others };
}

/** Loads the schema and every document of a loaded config; `incremental` for the watcher. */
async function openProject(
  { file, options, settings, others }: LoadedProject,
  io: RunnerIo,
  incremental: boolean,
  clock: PhaseClock,
): Promise<StartedProject> {
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

/** Loads `codegen.ts`, the schema and every document; `incremental` for the watcher. */
export async function startProject(
  flags: CodegenFlags,
  io: RunnerIo,
  incremental: boolean,
  clock: PhaseClock = NO_CLOCK,
): Promise<StartedProject> {
  return openProject(await loadProject(flags, io, clock), io, incremental, clock);
}

/** `12 operations, 34 KB` (and `, 1 warning`). */
function describeModule(build: ReusableBuild, bytes: number): string {
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
 * Reports a build like a compiler: every diagnostic in file order, then writes the module to
 * `output` when there is no error, the timings (with `--timings`) and one summary line. Resolves
 * to whether the build had no error.
 */
function report(
  build: ReusableBuild & { readonly validatedFiles?: number },
  output: string,
  io: RunnerIo,
  { since, clock, changes }: BuildReport,
): boolean {
  for (const diagnostic of build.diagnostics) io.err(formatDiagnostic(diagnostic, io.errStyle));
  const shown = projectPath(output);
  const result = build.module === undefined ? undefined : writeOutput(output, build.module);
  if (result) clock.lap('write');
  const timings = clock.summary(); // '' from NO_CLOCK: no --timings
  // How much of the check phase was graphql-js: the files the check cache or the watcher did not hold.
  const files = build.validatedFiles;
  const validated =
    files === undefined ? '' : `; graphql-js validated ${files} file${files === 1 ? '' : 's'}`;
  if (timings) io.err(io.errStyle.dim(`timings: ${timings}${validated}`));
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

/** How a build is reported: see {@link buildAndReport}. */
interface BuildReport {
  readonly since: number;
  readonly clock: PhaseClock;
  readonly changes?: string;
}

/**
 * Builds the project and reports like a compiler: every diagnostic in file order, then writes
 * the module when there is no error, the timings (with `--timings`) and one summary line; then
 * the outputs of other plugins in `generates` follow, through graphql-codegen's engine.
 * `changes` says why the watcher rebuilt, `undefined` for a first build; `since` is the
 * `performance.now()` the time counts from. Resolves to whether the build had no error.
 */
export function buildAndReport(project: CodegenProject, io: RunnerIo, how: BuildReport): boolean {
  const built = report(project.build(how.clock), project.output, io, how);
  followWithOtherOutputs(project, io, built);
  return built;
}

/**
 * One run without outputs in `generates`, through the build cache: when the schema, the
 * documents, the settings and the code are those of the last run's build, its module and
 * diagnostics are reused, and neither the schema nor a document is parsed. Otherwise the files
 * whose validation the check cache holds are not validated again (see `openCheckCache`).
 */
async function runCached(
  { options, settings }: LoadedProject,
  io: RunnerIo,
  how: BuildReport,
): Promise<boolean> {
  const { clock } = how;
  const cwd = process.cwd();
  const output = resolve(cwd, options.output);
  const cache = openBuildCache(output, cwd);
  const schema = await loadProjectSchema(options, options.logger ?? runnerLogger(io), cache.known);
  clock.lap('schema');
  const texts = readDocumentTexts(options, cwd);
  const key = buildKey({
    cwd,
    output,
    documents: options.documents,
    configName: settings.configName,
    settings: settings.read,
    schema: schema.known,
    texts,
  });
  clock.lap('documents');
  const reused = key === undefined ? undefined : cache.reuse(key, texts);
  if (reused) {
    clock.lap('reused');
    return report(reused, output, io, how);
  }
  const built = schema.schema; // built here when the cache knew the SDL
  clock.lap('schema');
  const memory = openCheckCache(output, cwd, {
    schema: schema.known,
    check: settings.check,
    codeFiles: [...texts.keys()].some((path) => CODE_FILE.test(path)),
  });
  const project = createCodegenProject(options, built, settings, false, cwd, memory);
  await project.refresh(undefined, texts);
  clock.lap('documents');
  const build = project.build(clock);
  if (key !== undefined) cache.store(key, schema.known, build, texts);
  return report(build, output, io, how);
}

/**
 * `admin-api codegen`: checks every document, then writes the module and the outputs of other
 * plugins in `generates`, or writes nothing and resolves to 1 when there is an error; reuses the
 * last run's build when nothing it depends on changed (see `openBuildCache`). `startedAt` is a
 * `performance.now()` reading (0: the process start, which the summary's time then includes).
 */
export async function runCodegen(
  flags: CodegenFlags,
  io: RunnerIo,
  startedAt = performance.now(),
): Promise<number> {
  const clock = flags.timings ? createPhaseClock(startedAt) : NO_CLOCK;
  clock.lap('startup');
  const loaded = await loadProject(flags, io, clock);
  const how = { since: startedAt, clock };
  // The outputs of `generates` need the schema itself: those runs build it, always.
  if (!loaded.others) return (await runCached(loaded, io, how)) ? 0 : 1;
  const { project } = await openProject(loaded, io, false, clock);
  const built = buildAndReport(project, io, how);
  const others = await otherOutputsSettled(project);
  return built && others ? 0 : 1;
}
