import { existsSync, type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describeError } from '../cli/describe-error.js';
import { projectPath, watchRoots } from './find-documents.js';
import { createPhaseClock, NO_CLOCK } from './phase-clock.js';
import { reloadCachedSchema } from './project-schema.js';
import {
  buildAndReport,
  type CodegenFlags,
  type StartedProject,
  startProject,
} from './run-codegen.js';
import type { RunnerIo } from './runner-io.js';
import { type TreeWatch, watchTree } from './watch-tree.js';

/** Options of {@link watchCodegen}; tests and embedders use them, the CLI the defaults. */
export interface WatchOptions {
  /** Stops the watch (as Ctrl+C does). @default SIGINT and SIGTERM */
  readonly signal?: AbortSignal;
  /**
   * Quiet time after the last event before rebuilding: an editor's save is a burst of events.
   * @default 15
   */
  readonly debounceMs?: number;
}

const DEFAULT_DEBOUNCE_MS = 15;

/**
 * Reports changes to `path` through a watch of its folder, not of the file: a replacement by
 * rename (as `schema pull` and many editors save) ends a watch of the file itself.
 */
function watchFile(path: string, changed: (path: string) => void): FSWatcher {
  const name = basename(path);
  return watch(dirname(path), (_event, file) => {
    if (file?.toString() === name) changed(path);
  });
}

/**
 * `admin-api codegen --watch`: builds once, then rebuilds after each change to a document or to
 * the schema cache, re-reading only the files that changed and re-validating only them and the
 * files that use their fragments. The module is rewritten atomically and only when it builds
 * without error; after an error the last good module stays. Resolves to 0 when stopped, 1 when
 * the project cannot even start (no config, no schema).
 */
export async function watchCodegen(
  flags: CodegenFlags,
  io: RunnerIo,
  options: WatchOptions = {},
  startedAt = performance.now(),
): Promise<number> {
  const startClock = flags.timings ? createPhaseClock(startedAt) : NO_CLOCK;
  startClock.lap('startup');
  const started: StartedProject = await startProject(flags, io, true, startClock);
  const { project, cachePath, configFile } = started;
  let schemaSdl = started.schema.sdl;
  const shown = projectPath(project.output);
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;

  let pending = new Set<string>();
  // The paths of a rebuild that threw (an unusable cache, say): read again by the next rebuild,
  // or their edits would be lost until each file changes again.
  const unbuilt = new Set<string>();
  let firstEventAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  async function rebuild(paths: ReadonlySet<string>, since: number): Promise<void> {
    const clock = flags.timings ? createPhaseClock(since) : NO_CLOCK;
    clock.lap('wait');
    const reasons: string[] = [];
    if (paths.has(configFile)) {
      // The options were resolved once, at start (and the config may have side effects): no reload.
      io.err(
        `${io.errStyle.warning('warning')}: ${projectPath(configFile)} changed; the watch goes on with the config it started with: stop it and start it again for the change to take effect.`,
      );
    }
    if (cachePath && paths.has(cachePath)) {
      const reloaded = reloadCachedSchema(cachePath, schemaSdl);
      if (!reloaded) {
        io.err(
          `${io.errStyle.warning('warning')}: the schema cache ${projectPath(cachePath)} is gone; generating from the schema loaded before.`,
        );
      } else if (reloaded !== 'unchanged') {
        schemaSdl = reloaded.sdl;
        project.setSchema(reloaded.schema);
        reasons.push('schema changed');
      }
    }
    const files = await project.refresh(paths);
    clock.lap('documents');
    if (files > 0) reasons.push(`${files} file${files === 1 ? '' : 's'} changed`);
    if (paths.has(project.output) && !existsSync(project.output)) reasons.push(`${shown} deleted`);
    if (reasons.length > 0)
      buildAndReport(project, io, { since, clock, changes: reasons.join(', ') });
  }

  function flush(): void {
    timer = undefined;
    const paths = pending;
    const since = firstEventAt;
    pending = new Set();
    queue = queue
      .then(() => {
        for (const path of unbuilt) paths.add(path);
        unbuilt.clear();
        return rebuild(paths, since);
      })
      .catch((error: unknown) => {
        for (const path of paths) unbuilt.add(path);
        io.err(io.errStyle.error(`✘ ${describeError(error)}`));
      });
  }

  const outputDirectory = dirname(project.output);
  const temporaryPrefix = `.${basename(project.output)}.`;
  function changed(path: string): void {
    // The module and its temporary file: our own writes; but a deleted module is written again.
    if (dirname(path) === outputDirectory) {
      const name = basename(path);
      if (name.startsWith(temporaryPrefix)) return;
      if (path === project.output && existsSync(path)) return;
    }
    if (pending.size === 0) firstEventAt = performance.now();
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  }

  // The first build: errors are printed and the watch goes on, waiting for a fix.
  buildAndReport(project, io, { since: startedAt, clock: startClock });

  const roots = watchRoots(started.documents);
  const trees: TreeWatch[] = roots.map((root) => watchTree(root, changed));
  const cacheWatcher = cachePath ? watchFile(cachePath, changed) : undefined;
  // The config: an edit to it is not applied, but the user is told so.
  let configWatcher: FSWatcher | undefined;
  try {
    configWatcher = watchFile(configFile, changed);
  } catch {
    // Its folder cannot be watched: nothing to say about edits to it.
  }
  // The module too, wherever it is: a deleted module is written again.
  let outputWatcher: FSWatcher | undefined;
  try {
    outputWatcher = watchFile(project.output, changed);
  } catch {
    // No folder yet (the first build failed): the document folders' watch still sees it made.
  }
  // Listening for Ctrl+C before saying "watching": whoever reads that line may press it at once.
  const stopped = new Promise<void>((resolveStop) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      options.signal?.removeEventListener('abort', stop);
      resolveStop();
    };
    if (options.signal) {
      if (options.signal.aborted) stop();
      else options.signal.addEventListener('abort', stop);
    } else {
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }
  });
  io.err(
    io.errStyle.dim(
      `watching ${[...started.documents, ...(cachePath ? [projectPath(cachePath)] : [])].join(', ')} (Ctrl+C to stop)`,
    ),
  );
  await stopped;
  if (timer) clearTimeout(timer);
  for (const tree of trees) tree.close();
  cacheWatcher?.close();
  configWatcher?.close();
  outputWatcher?.close();
  await queue;
  io.err(io.errStyle.dim('stopped watching'));
  return 0;
}
