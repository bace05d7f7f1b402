// Names, at the end of a run, every test that passed only on a retry (vitest.config.ts allows one
// on CI), so a flaky test is seen and mended rather than hidden by its second try.
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky)
      this.flaky.push(`${testCase.module.relativeModuleId} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    console.log(
      `\nPassed only on a retry (flaky, to be mended):\n${this.flaky.map((n) => `  - ${n}`).join('\n')}\n`,
    );
  }
}
