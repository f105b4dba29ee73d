import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type OutboxMessage, outboxMessageSchema } from '@tonemark/shared';
import type { FastifyBaseLogger } from 'fastify';
import { linksIn, type Mailer, type MailMessage } from './mailer.ts';

/**
 * The embedded default (no SMTP_URL): each message is a JSON file in DATA_DIR/outbox that an admin
 * reads on Account Settings, and its links are logged, so `npm start` needs no mail server.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  private constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async open(dir: string, log: FastifyBaseLogger): Promise<OutboxMailer> {
    await mkdir(dir, { recursive: true });
    return new OutboxMailer(dir, log);
  }

  async send(message: MailMessage): Promise<void> {
    const createdAt = new Date();
    // Time first, so a plain sort of the names is the order they were sent in.
    const id = `${createdAt.getTime().toString().padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
    const record: OutboxMessage = {
      id,
      ...message,
      links: linksIn(message.text),
      createdAt: createdAt.toISOString(),
    };
    const file = path.join(this.dir, `${id}.json`);
    // Written aside and renamed: a reader never sees half a message.
    await writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
    await rename(`${file}.tmp`, file);
    this.log.info(
      { to: message.to, subject: message.subject, links: record.links },
      'e-mail written to the outbox',
    );
  }

  /** The newest messages first. */
  async list(limit = 50): Promise<OutboxMessage[]> {
    const names = (await readdir(this.dir))
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit);
    const messages: OutboxMessage[] = [];
    for (const name of names) {
      const parsed = outboxMessageSchema.safeParse(
        JSON.parse(await readFile(path.join(this.dir, name), 'utf8')),
      );
      if (parsed.success) messages.push(parsed.data);
    }
    return messages;
  }

  async close(): Promise<void> {}
}
