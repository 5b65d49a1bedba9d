import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A link worth printing in outbox mode, so a local user can follow it without a mail client. */
  link?: string;
  /** Files attached by their path on this machine (a submitted purchase order's PDF). */
  attachments?: { filename: string; path: string; contentType: string }[];
  /**
   * A Message-ID that stays the same when a job sends the mail again after a crash, so the
   * receiving side can drop the copy (nodemailer makes a random one otherwise).
   */
  messageId?: string;
};

export type Mailer = {
  mode: 'smtp' | 'outbox';
  deliver: (message: MailMessage) => Promise<void>;
  close: () => void;
};

type Log = { info: (obj: object, msg: string) => void };

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Log;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      deliver: async (m) => {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: m.attachments,
          ...(m.messageId ? { messageId: m.messageId } : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    deliver: async (m) => {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments,
        ...(m.messageId ? { messageId: m.messageId } : {}),
      });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      const file = path.join(opts.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info(
        { to: m.to, file, link: m.link },
        `Mail "${m.subject}" written to the outbox${m.link ? `: ${m.link}` : ''}`,
      );
    },
    close: () => {},
  };
}
