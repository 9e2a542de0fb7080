// `pnpm bench`: every benchmark in one run, written to bench/RESULTS.md with the machine's
// description. `pnpm --filter bench run bench codegen-scale` reruns only the ones named and keeps
// the other sections of RESULTS.md as they were.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { appRefreshContention } from './app-refresh-contention.js';
import { type BenchReport, describeMachine } from './bench-report.js';
import { clientOverhead } from './client-overhead.js';
import { codegenScale } from './codegen-scale.js';
import { codegenWarm } from './codegen-warm.js';
import { fleetMode } from './fleet.js';
import { fleetRedisFaults } from './fleet-redis-faults.js';
import { generatorOutput } from './generator-output.js';
import { pacingEfficiency } from './pacing-efficiency.js';
import { tokenSingleFlight } from './token-single-flight.js';
import { watchLatency } from './watch-latency.js';

const benches: Record<string, () => Promise<BenchReport>> = {
  'codegen-scale': codegenScale,
  'codegen-warm': codegenWarm,
  'generator-output': generatorOutput,
  'watch-latency': watchLatency,
  'client-overhead': clientOverhead,
  pacing: pacingEfficiency,
  tokens: tokenSingleFlight,
  fleet: fleetMode,
  'fleet-faults': fleetRedisFaults,
  'app-refresh': appRefreshContention,
};
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  throw new Error(
    `Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`,
  );
}

const resultsFile = new URL('./RESULTS.md', import.meta.url);
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
// Each benchmark's sections follow a marker, so a partial run can keep the others.
const marker = (name: string) => `<!-- bench: ${name} -->`;
function previousSections(name: string): string | undefined {
  const start = previous.indexOf(marker(name));
  if (start === -1) return undefined;
  const ends = [previous.indexOf('<!-- bench: ', start + 1), previous.indexOf('\n## Reading')];
  const end = Math.min(...ends.filter((index) => index > start), previous.length);
  return `${previous.slice(start, end).trimEnd()}\n`;
}

const sections: string[] = [];
for (const [name, bench] of Object.entries(benches)) {
  if (requested.length > 0 && !requested.includes(name)) {
    const kept = previousSections(name);
    if (kept) sections.push(kept);
    else console.warn(`RESULTS.md has no ${name} section to keep; run it too to add one`);
    continue;
  }
  const report = await bench();
  console.log(`\n${report.markdown}`);
  sections.push(`${marker(name)}\n${report.markdown}`);
}
const which =
  requested.length > 0
    ? ` (this time only ${requested.join(', ')}; the other sections are from an earlier run)`
    : '';
const header = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} with \`pnpm bench\`${which} on: ${describeMachine()}.
Every figure is measured against its baseline in the same run; ratios, not absolute times, are
what carries over to another machine. The reading at the end is written by hand.
`;
// The hand-written reading survives a re-run; the figures above it are replaced.
const reading = previous.includes('\n## Reading')
  ? previous.slice(previous.indexOf('\n## Reading'))
  : '';
writeFileSync(resultsFile, `${header}\n${sections.join('\n')}${reading}`);
console.log('\nwritten: bench/RESULTS.md');
