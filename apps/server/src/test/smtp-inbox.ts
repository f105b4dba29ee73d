import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next message to `to` (already received or arriving within the timeout). */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const addresses = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? ''),
  );

/** A real SMTP server in this process (the `smtp-server` package): what the app sends arrives here. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const seen = new Set<ReceivedMail>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate for nodemailer to reject, no login to set up.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          for (const to of addresses(mail)) {
            messages.push({ to: to.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '' });
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (m) => !seen.has(m) && m.to === to.toLowerCase() && (!subject || subject.test(m.subject)),
        );
        if (found) {
          seen.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message that goes to `path` on the site. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)]
    .map((m) => m[0])
    .find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  return link;
}
