import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with the plain "N passed, N failed" line that CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (a hook, an import) leaves them skipped: count it once.
      failed += failedHere === 0 && module.state() === 'failed' ? 1 : failedHere;
    }
    // An error no test caught (an unhandled rejection) fails the run: each counts as a failure.
    failed += unhandledErrors.length;
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
