import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import type { JobRunner } from './job-runner.ts';
import type { ProbeSource } from './probe-source.ts';
import type { TempFiles } from './temp-files.ts';
import type { TriggerTones } from './trigger-tone.ts';

/** Everything a media operation needs, built once by the media plugin. */
export interface MediaContext {
  db: Db;
  store: MediaStore;
  temp: TempFiles;
  jobs: JobRunner;
  tones: TriggerTones;
  /** probeSource; one probe per file a request brings in (a test counts them). */
  probe: ProbeSource;
  config: MediaConfig;
  log: FastifyBaseLogger;
  /** Names this process in job rows (hostname-pid-random). */
  worker: string;
}

export function newMediaPublicId(): string {
  return `tm_med_${randomUUID().replaceAll('-', '')}`;
}
