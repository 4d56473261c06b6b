import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from '../packages/server/test/helpers/smtp.ts';

/**
 * A real SMTP server for the browser tests: every mail it receives is written as a JSON file to
 * `dir`, where tests (in other processes) read it.
 */
export async function startMailCapture(dir: string) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const file = path.join(dir, `${String(Date.now())}-${String(count).padStart(5, '0')}.json`);
        void fs
          .writeFile(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }))
          .then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
    const files = (await fs.readdir(dir)).sort().reverse();
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
