// `pnpm bench`: every benchmark in one run, written to bench/RESULTS.md with the machine's description.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type BenchReport, describeMachine } from './bench-report.js';
import { clientOverhead } from './client-overhead.js';
import { codegenScale } from './codegen-scale.js';
import { pacingEfficiency } from './pacing-efficiency.js';
import { tokenSingleFlight } from './token-single-flight.js';
import { watchLatency } from './watch-latency.js';

const benches: (() => Promise<BenchReport>)[] = [
  codegenScale,
  watchLatency,
  clientOverhead,
  pacingEfficiency,
  tokenSingleFlight,
];
const reports: BenchReport[] = [];
for (const bench of benches) {
  const report = await bench();
  console.log(`\n${report.markdown}`);
  reports.push(report);
}
const header = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} with \`pnpm bench\` on: ${describeMachine()}.
Every figure is measured against its baseline in the same run; ratios, not absolute times, are
what carries over to another machine. The reading at the end is written by hand.
`;
const resultsFile = new URL('./RESULTS.md', import.meta.url);
// The hand-written reading survives a re-run; the figures above it are replaced.
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const reading = previous.includes('\n## Reading')
  ? previous.slice(previous.indexOf('\n## Reading'))
  : '';
writeFileSync(resultsFile, `${header}\n${reports.map((r) => r.markdown).join('\n')}${reading}`);
console.log('\nwritten: bench/RESULTS.md');
