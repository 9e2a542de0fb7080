import type { SchemaLogger } from '../schema/load-schema.js';
import { type Style, styleFor } from './format-diagnostics.js';

/** Where the runner writes: results to `out`, diagnostics, progress and failures to `err`. */
export interface RunnerIo {
  out(line: string): void;
  err(line: string): void;
  readonly outStyle: Style;
  readonly errStyle: Style;
}

/** stdout and stderr, in colour when they are colour terminals. */
export function processIo(): RunnerIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    outStyle: styleFor(process.stdout),
    errStyle: styleFor(process.stderr),
  };
}

/**
 * Schema progress as the runner shows it: network work as `… loading the schema from …`, warnings
 * as `warning: …`, and nothing when the cache is simply used (the common case stays one line).
 */
export function runnerLogger(io: RunnerIo): SchemaLogger {
  return {
    info: (message) => io.err(io.errStyle.dim(`… ${message}`)),
    warn: (message) => io.err(`${io.errStyle.warning('warning')}: ${message}`),
    debug: () => {},
  };
}
