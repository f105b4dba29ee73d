import path from 'node:path';
import type { OutboxResponse } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EmailConfig } from '../../config/env.ts';
import { requireRole } from '../../plugins/request-user.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The site's own address, for links in e-mail (never taken from a request's Host header). */
    appUrl: string;
  }
}

export const emailPlugin = fp(
  async (app: FastifyInstance, opts: { config: EmailConfig; dataDir: string }) => {
    const mailer: Mailer = opts.config.smtpUrl
      ? new SmtpMailer(opts.config.smtpUrl, opts.config.from)
      : await OutboxMailer.open(path.join(opts.dataDir, 'outbox'), app.log);
    app.decorate('mailer', mailer);
    app.decorate('appUrl', opts.config.appUrl);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'email' },
);

/** GET /api/admin/outbox: what the embedded outbox holds, for admins. */
export async function outboxRoutes(app: FastifyInstance) {
  app.get('/', async (request): Promise<OutboxResponse> => {
    requireRole(request, ['admin']);
    const mailer = app.mailer;
    return mailer instanceof OutboxMailer
      ? { transport: 'outbox', messages: await mailer.list() }
      : { transport: 'smtp', messages: [] };
  });
}
