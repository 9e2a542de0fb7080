import { cpus, freemem, totalmem, type } from 'node:os';
import { pathToFileURL } from 'node:url';

/** What one benchmark reports: lines for the terminal and a section for RESULTS.md. */
export interface BenchReport {
  title: string;
  markdown: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The nearest-rank percentile, `p` in [0, 100]: the smallest value with at least `p` % of the
 * values at or below it (so the 50th of 1, 2, 3, 4 is 2, and the median 2.5).
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function describeMachine(): string {
  const cpu = cpus();
  return (
    `${type()} ${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free), Node ${process.version}`
  );
}

/** Runs `main` when the file is executed directly (`tsx bench/x.ts`), not when imported. */
export function runIfMain(moduleUrl: string, main: () => Promise<BenchReport>): void {
  if (process.argv[1] && pathToFileURL(process.argv[1]).href === moduleUrl) {
    main().then(
      (report) => console.log(`\n${report.markdown}`),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  }
}

/** A Markdown table with its columns padded to one width, as the repo's formatter writes them. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) =>
    Math.max(3, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.slice(1).map(line),
  ].join('\n');
}
