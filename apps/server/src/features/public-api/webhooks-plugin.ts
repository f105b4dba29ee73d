import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onActivationRecorded } from '../activations/record-activation.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookDispatcher;
  }
}

/** app.webhooks: signed deliveries of trigger.created and trigger.activated to owners' endpoints. */
export const webhooksPlugin = fp(
  async (app: FastifyInstance, opts: WebhookDispatcherOptions) => {
    const dispatcher = new WebhookDispatcher(app.db, app.log, opts);
    app.decorate('webhooks', dispatcher);
    const unsubscribe = onActivationRecorded(app.db, (activation) =>
      dispatcher.emit(activation.creatorId, 'trigger.activated', {
        triggerId: activation.triggerId,
        triggerName: activation.triggerName,
        activationId: activation.activationId,
        deviceType: activation.deviceType,
        activatedAt: activation.activatedAt.toISOString(),
      }),
    );
    app.addHook('onReady', async () => {
      const resumed = await dispatcher.resume();
      if (resumed > 0) app.log.info({ resumed }, 'webhook retries resumed');
    });
    // preClose: before the database plugin's onClose, so attempts in flight can still be logged.
    app.addHook('preClose', async () => {
      unsubscribe();
      await dispatcher.close();
    });
  },
  { name: 'webhooks', dependencies: ['database'] },
);
