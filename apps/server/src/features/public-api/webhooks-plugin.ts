import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onActivationRecorded } from '../activations/record-activation.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookDispatcher;
  }
}

/**
 * app.webhooks: sends the outbox's signed trigger.created and trigger.activated deliveries
 * (enqueued by the transactions that store those events) to owners' endpoints.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance, opts: WebhookDispatcherOptions) => {
    const dispatcher = new WebhookDispatcher(app.db, app.log, opts);
    app.decorate('webhooks', dispatcher);
    // The activation's deliveries committed with it: send them now rather than at the next poll.
    const unsubscribe = onActivationRecorded(app.db, () => dispatcher.wake());
    app.addHook('onReady', async () => dispatcher.start());
    // preClose: before the database plugin's onClose, so attempts in flight can still be logged.
    app.addHook('preClose', async () => {
      unsubscribe();
      await dispatcher.close();
    });
  },
  { name: 'webhooks', dependencies: ['database'] },
);
