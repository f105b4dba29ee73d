import path from 'node:path';
import { readWav } from '@tonemark/audio';
import type { Trigger } from '@tonemark/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { mediaFiles, soundTriggers } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { tempFilesIn } from './testing/media-fixtures.ts';

describe.each(TEST_DRIVERS)('trigger tones, the media file server and job recovery (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let trigger: Trigger;
  const toneUrl = () => `/media/${trigger.publicId}.wav`;

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app);
    alice = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Tone', type: 'URL', actionData: 'https://example.com', durationMs: 1000 },
    });
    trigger = created.json();
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('renders a 16-bit WAV of the trigger when it is created', async () => {
    const response = await get(toneUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    const wav = readWav(new Uint8Array(response.rawPayload));
    expect(wav.sampleRate).toBe(44_100);
    expect(wav.channels[0]?.length).toBe(44_100);
  });

  it('serves byte ranges so players can seek, and refuses bad ones with 416', async () => {
    const whole = await get(toneUrl());
    const size = whole.rawPayload.length;
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(toneUrl(), { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await get(toneUrl(), { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    for (const range of [`bytes=${size}-`, 'bytes=9-3', 'bytes=x-y']) {
      const bad = await get(toneUrl(), { range });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${size}`);
    }
    expect((await get(toneUrl(), { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: toneUrl() });
    expect(head.headers['content-length']).toBe(String(size));
  });

  it('offers downloads as attachments', async () => {
    const response = await get(`${toneUrl()}?download=1`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${trigger.publicId}.wav"`);
  });

  it.each(['/media/..%2Fdb', '/media/%2E%2E', '/media/.partial-x', '/media/nothing.mp3', '/media/a%2Fb.mp3'])(
    'answers 404 to %s',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );

  it('re-renders the tone when the pattern changes, and removes it with the trigger', async () => {
    const before = (await get(toneUrl())).rawPayload;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/triggers/${trigger.id}`,
      headers: { cookie: alice.cookie },
      payload: { durationMs: 1500 },
    });
    expect(patched.statusCode).toBe(200);
    const after = (await get(toneUrl())).rawPayload;
    expect(after.length).toBeGreaterThan(before.length);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/triggers/${trigger.id}`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(toneUrl())).statusCode).toBe(404);
  });

  it('answers a creation before its tone is rendered; the tone waits for the render', async () => {
    const tones = t.app.triggerTones;
    const original = tones.render.bind(tones);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    tones.render = async (trigger) => {
      await gate;
      return original(trigger);
    };
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: { name: 'Slow tone', type: 'URL', actionData: 'https://example.com' },
      });
      expect(response.statusCode).toBe(201);
      const { publicId } = response.json();
      const tone = get(`/media/${publicId}.wav`);
      setTimeout(release, 50);
      const answered = await tone;
      expect(answered.statusCode).toBe(200);
      expect(answered.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    } finally {
      tones.render = original;
    }
  });

  it('keeps the trigger when its tone fails to render, and renders it again when embedding asks', async () => {
    const tones = t.app.triggerTones;
    const original = tones.render.bind(tones);
    tones.render = async () => {
      throw new Error('disk full');
    };
    let publicId = '';
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: { name: 'Unlucky', type: 'URL', actionData: 'https://example.com' },
      });
      expect(response.statusCode).toBe(201);
      publicId = response.json().publicId;
      expect((await get(`/media/${publicId}.wav`)).statusCode).toBe(404);
    } finally {
      tones.render = original;
    }
    const [row] = await t.database.db
      .select()
      .from(soundTriggers)
      .where(eq(soundTriggers.publicId, publicId));
    if (!row) throw new Error('trigger row missing');
    await tones.ensure(row);
    expect((await get(`/media/${publicId}.wav`)).statusCode).toBe(200);
  });

  it('marks jobs left in processing as error when the server starts again', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [stuck] = await t.database.db
      .insert(mediaFiles)
      .values({
        name: 'crashed',
        type: 'audio',
        url: '/media/x.mp3',
        status: 'processing',
        updatedAt: hourAgo,
        metadata: { storageKey: 'x.mp3', job: 'embed' },
      })
      .returning();
    const [running] = await t.database.db
      .insert(mediaFiles)
      .values({
        name: 'running elsewhere',
        type: 'audio',
        url: '/media/y.mp3',
        status: 'processing',
        metadata: { storageKey: 'y.mp3', job: 'embed' },
      })
      .returning();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(t.dataDir, 'no-web'),
    });
    const restarted = await buildApp({ config, database: t.database, logger: false });
    await restarted.ready();
    await restarted.close();
    const status = async (id: number | undefined) =>
      (
        await t.database.db
          .select()
          .from(mediaFiles)
          .where(eq(mediaFiles.id, id ?? 0))
      )[0];
    const swept = await status(stuck?.id);
    expect(swept?.status).toBe('error');
    expect(swept?.metadata).toMatchObject({ errorMessage: expect.stringMatching(/interrupted/) });
    // On a shared PostgreSQL another instance may still be running a fresh job: left alone.
    expect((await status(running?.id))?.status).toBe('processing');
    // The embedded database belongs to one process: after its restart nothing can still be running.
    const sole = await buildApp({ config, database: { ...t.database, driver: 'embedded' }, logger: false });
    await sole.ready();
    await sole.close();
    expect((await status(running?.id))?.status).toBe('error');
    expect(tempFilesIn(t.dataDir)).toEqual([]);
  });
});
