import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MediaConfig } from '../../config/env.ts';
import { backfillAudioBitRates } from './bitrate-backfill.ts';
import { cloudinaryRoutes } from './cloudinary-routes.ts';
import { embedRoutes } from './embed-routes.ts';
import { ingestRoutes } from './ingest-routes.ts';
import { JobRunner } from './job-runner.ts';
import { libraryRoutes } from './library-routes.ts';
import type { MediaContext } from './media-context.ts';
import { sweepInterruptedJobs, touchJobs } from './media-repository.ts';
import { probeSource } from './probe-source.ts';
import { segmentRoutes } from './segment-routes.ts';
import { serveMediaRoutes } from './serve-media-routes.ts';
import { TempFiles } from './temp-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaContext;
  }
}

export interface MediaPluginOptions {
  config: MediaConfig;
  dataDir: string;
  /**
   * True when this process is the only one using the database (the embedded default): every
   * row left in processing is then a crashed job. With a shared PostgreSQL other instances may
   * be running jobs, so only rows whose heartbeat stopped are swept.
   */
  soleProcess: boolean;
}

const HEARTBEAT_MS = 15_000;
const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

/** Temp files and the job queue over the app's store; embedding reads the triggers' tones. */
export const mediaPlugin = fp(
  async (app: FastifyInstance, opts: MediaPluginOptions) => {
    const store = app.mediaStore;
    const worker = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const temp = await TempFiles.open(path.join(opts.dataDir, 'tmp'), worker);
    const jobs = new JobRunner({
      concurrency: opts.config.jobConcurrency,
      timeoutMs: opts.config.jobTimeoutMs,
      heartbeatMs: HEARTBEAT_MS,
      touch: (ids) => touchJobs(app.db, ids),
    });
    app.decorate('media', {
      db: app.db,
      store,
      temp,
      probe: probeSource,
      jobs,
      tones: app.triggerTones,
      config: opts.config,
      log: app.log,
      worker,
    });

    const sweep = async (staleMs: number) => {
      const swept = await sweepInterruptedJobs(app.db, new Date(Date.now() - staleMs));
      if (swept > 0) app.log.warn({ swept }, 'media jobs left in processing were marked error');
    };
    await sweep(opts.soleProcess ? -1000 : STALE_AFTER_MS);
    let timer: NodeJS.Timeout | undefined;
    if (!opts.soleProcess) {
      timer = setInterval(() => void sweep(STALE_AFTER_MS).catch(() => {}), STALE_AFTER_MS);
      timer.unref();
    }
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      jobs.close();
    });

    // Older rows get their audio bitrate in the background once the app is up; stopped (between two
    // files) before the database closes.
    const backfillStop = new AbortController();
    let backfill: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      backfill = backfillAudioBitRates(app.media, backfillStop.signal).then(
        (done) => {
          if (done.filled + done.unknown > 0) app.log.info(done, 'stored files given their audio bitrate');
        },
        (error: unknown) => app.log.warn({ err: error }, 'the audio bitrate backfill stopped'),
      );
    });
    app.addHook('preClose', async () => {
      backfillStop.abort();
      await backfill;
    });

    await app.register(fastifyMultipart, {
      limits: { fileSize: opts.config.maxUploadBytes, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  },
  { name: 'media', dependencies: ['database', 'media-store', 'triggers'] },
);

/** Every media route: the file server, SPEC §7's /api/media/* and /api/cloudinary/*. */
export async function mediaRouteSet(app: FastifyInstance) {
  await app.register(serveMediaRoutes, { prefix: '/media' });
  for (const routes of [libraryRoutes, ingestRoutes, embedRoutes, segmentRoutes]) {
    await app.register(routes, { prefix: '/api/media' });
  }
  await app.register(cloudinaryRoutes, { prefix: '/api/cloudinary' });
}
