import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DetectionRequest, Personalization } from '../listener/resolve-detection.ts';
import type { ResolvableTrigger } from '../triggers/resolvable-trigger.ts';
import { ExperimentDirectory } from './experiment-directory.ts';

declare module 'fastify' {
  interface FastifyInstance {
    experiments: {
      directory: ExperimentDirectory;
      personalize(
        trigger: ResolvableTrigger,
        request: DetectionRequest & { activationId: string; detectedAt: Date },
      ): Promise<Personalization>;
      /** Call after any change to tests, variants, segments or targeting. */
      changed(): void;
    };
  }
}

/** The tracked redirect every OPEN_URL answer points at (features/conversions). */
export function clickPath(activationId: string): string {
  return `/api/conversions/click/${activationId}`;
}

export const experimentsPlugin = fp(
  async (app: FastifyInstance, opts: { appUrl: string }) => {
    const origin = opts.appUrl.replace(/\/+$/, '');
    const directory = new ExperimentDirectory(app.db, (id) => `${origin}${clickPath(id)}`);
    app.decorate('experiments', {
      directory,
      personalize: (trigger, request) => directory.personalize(trigger, request),
      changed: () => {
        directory.invalidate();
        // Public triggers in a running test or with targeting leave the catalogue's actions.
        app.listener.catalogueChanged();
      },
    });
  },
  { name: 'experiments', dependencies: ['database', 'listener'] },
);
