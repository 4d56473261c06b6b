import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
};

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Subject and decoded text of a raw RFC 5322 message (our plain-text mails). */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const body = rest.join('\n\n');
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { from, to, subject, text: text.replace(/\r\n/g, '\n'), raw };
}

/** A raw message as it arrived: envelope sender, recipients and the RFC 5322 text. */
export type RawMail = { from: string; to: string[]; raw: string };

/** An SMTP reply refusing a recipient: 4xx is transient, 5xx permanent. */
export type SmtpRefusal = { code: number; message: string };

/**
 * A real SMTP server on a free local port that hands every message to `onMail`; while `refusal`
 * answers a reply, it refuses every recipient with it.
 */
export async function listenSmtp(
  onMail: (mail: RawMail) => void | Promise<void>,
  options: { refusal?: () => SmtpRefusal | null } = {},
) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = options.refusal?.();
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        void Promise.resolve(
          onMail({ from, to, raw: Buffer.concat(chunks).toString('utf8') }),
        ).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
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

/** A real SMTP server on a free local port that keeps every mail it receives. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  let refusal: SmtpRefusal | null = null;
  const server = await listenSmtp(
    ({ raw, from, to }) => {
      mails.push(parseMail(raw, from, to));
    },
    { refusal: () => refusal },
  );
  return {
    url: server.url,
    mails,
    /** Refuses every recipient with this reply from now on (null: accepts again). */
    refuse(next: SmtpRefusal | null) {
      refusal = next;
    },
    /** The first link in the latest mail to `to`. */
    lastLinkTo(to: string): string {
      const mail = [...mails].reverse().find((m) => m.to.includes(to));
      const link = mail ? /(https?:\/\/\S+)/.exec(mail.text)?.[1] : undefined;
      if (!link) throw new Error(`no mail with a link to ${to}`);
      return link;
    },
    close: server.close,
  };
}
