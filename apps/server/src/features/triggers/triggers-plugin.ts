import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TriggerTones } from './trigger-tones.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders and stores trigger tones; the trigger service writes them, media embeds and serves them. */
    triggerTones: TriggerTones;
  }
}

/** The triggers feature's own state: each trigger's tone in the media store (DESIGN §3). */
export const triggersPlugin = fp(
  async (app: FastifyInstance) => {
    const tones = new TriggerTones(app.mediaStore);
    app.decorate('triggerTones', tones);
    // A tone scheduled by a request that has answered still lands before the app goes away.
    app.addHook('onClose', async () => tones.idle());
  },
  { name: 'triggers', dependencies: ['media-store'] },
);
