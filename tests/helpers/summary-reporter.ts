/**
 * vitest reporter used by scripts/test.mjs next to the default one: writes, per project (database),
 * how many tests passed and failed and whether any file failed to run, to the JSON file named by
 * TEST_SUMMARY_FILE, for the closing summary of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** Files that failed outside any test (import error, failing hook). */
  brokenFiles: number;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const byProject: Record<string, ProjectSummary> = {};
    for (const module of testModules) {
      const summary = (byProject[module.project.name || 'default'] ??= { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 });
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          summary.passed += 1;
        } else if (state === 'failed') {
          summary.failed += 1;
          failedTests += 1;
        } else {
          summary.skipped += 1;
        }
      }
      if (module.state() === 'failed' && failedTests === 0) summary.brokenFiles += 1;
    }
    writeFileSync(file, JSON.stringify(byProject));
  }
}
