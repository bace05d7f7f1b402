// Names, at the end of a run, every test that passed only on a retry (vitest.config.ts allows one
// on CI), with what made its failed try fail, so a flaky test is seen and mended rather than
// hidden by its second try (vitest keeps a passed test's earlier errors in its result).
import type { Reporter, TestCase } from 'vitest/node';

/** Enough of an error to find its line: the message and the first frames in our own files. */
function summary(error: { message?: string; stack?: string }): string {
  const message = (error.message ?? String(error)).split('\n').slice(0, 6).join('\n      ');
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at .*\.(ts|tsx|js):\d+/.test(line) && !line.includes('node_modules'))
    .slice(0, 3)
    .map((line) => line.trim());
  return [message, ...frames].join('\n      ');
}

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const errors = testCase.result().errors ?? [];
    this.flaky.push(
      [
        `  - ${testCase.module.relativeModuleId} > ${testCase.fullName}`,
        ...errors.map((e) => `    failed try: ${summary(e)}`),
      ].join('\n'),
    );
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    console.log(`\nPassed only on a retry (flaky, to be mended):\n${this.flaky.join('\n')}\n`);
  }
}
