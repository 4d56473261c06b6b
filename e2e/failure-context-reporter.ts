import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page snapshot Playwright saves when a test fails (its "error-context" attachment),
 * so a failure on a CI machine whose files we never see can still be read from the log.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || attachment.path === undefined) continue;
      let text: string;
      try {
        text = readFileSync(attachment.path, 'utf8');
      } catch {
        continue;
      }
      // Keep the page snapshot; the rest repeats the error the list reporter already printed.
      const snapshot = text.indexOf('# Page snapshot');
      if (snapshot > 0) text = text.slice(snapshot);
      const title = test.titlePath().filter(Boolean).join(' › ');
      console.log(
        `\n--- page at the failure of: ${title} (attempt ${result.retry + 1})\n${text}\n---`,
      );
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
