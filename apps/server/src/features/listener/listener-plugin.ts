import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ActivationWriter, type ActivationWriterOptions } from '../activations/activation-writer.ts';
import { audienceOf } from '../teams/access.ts';
import { CatalogueCache } from './catalogue.ts';
import { DEFAULT_GUARD_LIMITS, DetectionGuard, type GuardLimits } from './detection-guard.ts';
import { DetectionResolver } from './resolve-detection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    listener: {
      catalogue: CatalogueCache;
      writer: ActivationWriter;
      resolver: DetectionResolver;
      /** Call after any trigger write: the catalogue is rebuilt and listeners are told. */
      catalogueChanged(): void;
    };
  }
}

export interface ListenerPluginOptions {
  guardLimits?: Partial<GuardLimits>;
  writer?: ActivationWriterOptions;
  /** How often the database is asked whether another instance (or SQL) changed the triggers. */
  changeCheckMs?: number;
}

/**
 * The listener protocol's server state: the catalogue in memory, the batched activation writer
 * and the resolver that answers detections. Registered before the real-time plugin, which
 * resolves /ws DETECT_TRIGGER through it; it reaches app.realtime only at run time.
 */
export const listenerPlugin = fp(
  async (app: FastifyInstance, opts: ListenerPluginOptions) => {
    const catalogue = new CatalogueCache(app.db);
    const writer = new ActivationWriter(app.db, opts.writer);
    const guard = new DetectionGuard({ ...DEFAULT_GUARD_LIMITS, ...opts.guardLimits });
    let announced: string | undefined;

    const announce = async () => {
      const snapshot = await catalogue.current();
      if (snapshot.version === announced) return;
      announced = snapshot.version;
      await app.realtime.publish({
        audience: { kind: 'all' },
        message: { type: 'CATALOGUE_CHANGED', version: snapshot.version },
      });
    };
    const announceLogged = () =>
      announce().catch((error: unknown) => app.log.warn({ err: error }, 'catalogue rebuild failed'));

    const resolver = new DetectionResolver({
      catalogue,
      writer,
      guard,
      onStored: (activation) => {
        // A team's trigger: its current members, looked up now (issue 13); else its creator.
        void audienceOf(app.db, { ownerId: activation.creatorId, teamId: activation.teamId })
          .then((userIds) =>
            app.realtime.publish({
              audience: { kind: 'users', userIds, includeAdmins: true },
              message: {
                type: 'ACTIVATION_RECORDED',
                triggerId: activation.triggerId,
                activationId: activation.activationId,
                deviceType: activation.deviceType,
                activatedAt: activation.activatedAt.toISOString(),
              },
            }),
          )
          .catch((error: unknown) => app.log.warn({ err: error }, 'activation fan-out failed'));
      },
      onError: (error) => app.log.error({ err: error }, 'storing a batch of activations failed'),
      // A/B variants, audience segments and tracked links (features/ab-tests), reached at run time.
      personalize: (trigger, request) => app.experiments.personalize(trigger, request),
    });

    app.decorate('listener', {
      catalogue,
      writer,
      resolver,
      catalogueChanged: () => {
        catalogue.invalidate();
        void announceLogged();
      },
    });

    let timer: NodeJS.Timeout | undefined;
    let unsubscribe: (() => void) | undefined;
    app.addHook('onReady', async () => {
      // Another instance announced a version this one does not serve: rebuild on the next read.
      unsubscribe = app.realtime.subscribe((envelope) => {
        if (envelope.message.type !== 'CATALOGUE_CHANGED') return;
        announced = envelope.message.version;
        if (catalogue.peek()?.version !== envelope.message.version) catalogue.invalidate();
      });
      await catalogue.current();
      announced = catalogue.peek()?.version;
      timer = setInterval(() => {
        catalogue
          .checkForChanges()
          .then((changed) => (changed ? announce() : undefined))
          .catch((error: unknown) => app.log.warn({ err: error }, 'catalogue change check failed'));
      }, opts.changeCheckMs ?? 5000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe?.();
      // Everything acknowledged is already stored; what is queued is stored before the database goes.
      await writer.drain();
    });
  },
  { name: 'listener', dependencies: ['database'] },
);
