import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on scheduled mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real mail through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export interface KeptMail extends MailMessage {
  sentAt: string;
}

/**
 * Development without SMTP: messages are kept in memory (the newest 50) and shown at /dev/mail.
 * Never used when SMTP_URL is set, and never served in production.
 */
export function outboxMailer(): Mailer & { messages(): KeptMail[] } {
  const kept: KeptMail[] = [];
  return {
    async send(message) {
      kept.unshift({ ...message, sentAt: new Date().toISOString() });
      kept.length = Math.min(kept.length, 50);
    },
    messages: () => [...kept],
  };
}
