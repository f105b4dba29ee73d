import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalDiskStore } from '../storage/local-disk-store.ts';
import type { MediaStore } from '../storage/media-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** DATA_DIR/media: uploads, renders and trigger tones, each feature writing its own keys. */
    mediaStore: MediaStore;
  }
}

/**
 * One store for the whole app, opened before the features that write into it (media, triggers),
 * so neither has to be registered first for the other.
 */
export const mediaStorePlugin = fp(
  async (app: FastifyInstance, opts: { dataDir: string }) => {
    app.decorate('mediaStore', await LocalDiskStore.open(path.join(opts.dataDir, 'media')));
  },
  { name: 'media-store' },
);
