import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { OutboxRepository } from './outbox.repository.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  userId?: string | null;
  /** One-time keys in the text: the outbox keeps them only when the mail was not delivered. */
  secrets?: string[];
  /** Extra headers (a mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** An HTML alternative to `text` (alerts and digests); the outbox keeps the text. */
  html?: string;
};

/** What became of a mail: handed to SMTP, only logged (offline), or refused by SMTP. */
export type MailDelivery = 'logged' | 'sent' | 'failed';

/** What became of a mail, with the SMTP server's reason when it refused it. */
export type MailOutcome = {
  delivery: MailDelivery;
  error: string | null;
  /** Refused for good (a 5xx reply): sending it again cannot help. */
  permanent: boolean;
};

export type Mailer = {
  /** Sends (or, offline, logs) a mail and keeps a copy in the outbox; never throws on delivery. */
  send: (mail: Mail) => Promise<MailDelivery>;
  /** The same as `send`, answering the reason of a refusal and whether it is permanent. */
  deliver: (mail: Mail) => Promise<MailOutcome>;
  close: () => void;
};

/**
 * Mail through SMTP when `smtpUrl` is set; otherwise the outbox table and a log line, so links
 * (recovery, validation) work in the offline demo. Admins read the outbox in the admin panel.
 */
export function createMailer(options: {
  outbox: OutboxRepository;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  clock: Clock;
}): Mailer {
  const { outbox, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  async function deliver(mail: Mail): Promise<MailOutcome> {
    let delivery: MailDelivery = 'logged';
    let error: string | null = null;
    let permanent = false;
    if (transport) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.headers && { headers: mail.headers }),
          ...(mail.html !== undefined && { html: mail.html }),
        });
        delivery = 'sent';
      } catch (sendError) {
        delivery = 'failed';
        error = sendError instanceof Error ? sendError.message : String(sendError);
        const code = (sendError as { responseCode?: unknown }).responseCode;
        permanent = typeof code === 'number' && code >= 500 && code < 600;
        log.error({ err: sendError, subject: mail.subject }, 'mail delivery failed');
      }
    } else {
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail (offline: not sent, kept in the outbox)',
      );
    }
    await outbox.record({
      user_id: mail.userId ?? null,
      to_address: mail.to,
      subject: mail.subject,
      text_body:
        delivery === 'sent'
          ? (mail.secrets ?? []).reduce(
              (text, secret) => text.replaceAll(secret, '[sent by e-mail]'),
              mail.text,
            )
          : mail.text,
      delivery,
      error,
      created_at: options.clock.now(),
    });
    return { delivery, error, permanent };
  }
  return {
    send: async (mail) => (await deliver(mail)).delivery,
    deliver,
    close: () => transport?.close(),
  };
}
