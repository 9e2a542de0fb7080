/** Where the CLI writes: results to stdout, progress and problems to stderr. */
export interface CliIo {
  out(line: string): void;
  progress(line: string): void;
  error(line: string): void;
  /** Asks a yes/no question; `undefined` when no one can answer (not a terminal). */
  confirm(question: string): Promise<boolean | undefined>;
}
