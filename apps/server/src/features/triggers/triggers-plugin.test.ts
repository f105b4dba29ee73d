import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { triggerToneKey } from '@tonemark/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaStorePlugin } from '../../plugins/media-store.ts';
import { triggersPlugin } from './triggers-plugin.ts';

const tone = {
  publicId: 'tm_trg_plugintest',
  frequencyPattern: [18_500, 19_000],
  durationMs: 400,
  signal: 'audible' as const,
};

// The triggers feature owns its tones: it needs the app's store, never the media plugin.
describe('triggers plugin', () => {
  let dataDir: string;
  let app: FastifyInstance | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-triggers-plugin-'));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders, keeps and removes tones in an app without the media plugin', async () => {
    app = Fastify({ logger: false });
    await app.register(mediaStorePlugin, { dataDir });
    await app.register(triggersPlugin);
    await app.ready();
    expect(app.hasDecorator('media')).toBe(false);

    const file = path.join(dataDir, 'media', triggerToneKey(tone.publicId));
    let failure: unknown;
    app.triggerTones.schedule(tone, (error) => {
      failure = error;
    });
    await app.triggerTones.idle();
    expect(failure).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    expect((await app.triggerTones.ensure(tone)).size).toBeGreaterThan(44);

    await app.triggerTones.remove(tone.publicId);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses to start without the store it renders into', async () => {
    app = Fastify({ logger: false });
    await expect(app.register(triggersPlugin)).rejects.toThrow(/media-store/);
  });
});
