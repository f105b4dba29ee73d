/** One e-mail as the account features write it; text only, links on lines of their own. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mail goes: an SMTP server when SMTP_URL is set, else the outbox under DATA_DIR. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Every http(s) link in a message's text, so the outbox can list them and the log can show them. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}
