import fs from 'node:fs/promises';
import path from 'node:path';
import { listenSmtp, parseMail } from '../packages/server/test/helpers/smtp.ts';

/**
 * A real SMTP server for the browser tests: every mail it receives is written as a JSON file to
 * `dir`, where tests (in other processes) read it.
 */
export async function startMailCapture(dir: string) {
  let count = 0;
  return listenSmtp(async ({ to, raw }) => {
    count += 1;
    const name = `${String(Date.now())}-${String(count).padStart(5, '0')}`;
    // Written under another name, then renamed: a reader never sees a half-written mail.
    const partial = path.join(dir, `${name}.partial`);
    await fs.writeFile(partial, JSON.stringify({ to, raw }));
    await fs.rename(partial, path.join(dir, `${name}.json`));
  });
}

/** Waits for a mail to `to` whose text contains a link, and returns that link. */
export async function waitForLink(
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await fs.readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as {
        to: string[];
        raw: string;
      };
      if (!mail.to.includes(to)) continue;
      const link = pattern.exec(parseMail(mail.raw, '', mail.to).text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link matching ${String(pattern)}`);
}
