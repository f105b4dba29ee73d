import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia, probeMedia, runToolForText, videoPacketsMd5 } from '@tonemark/ffmpeg';
import type { EmbedResult, MediaFile, Trigger } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { detectTriggerStarts } from './testing/media-fixtures.ts';
import { postMultipart } from './testing/multipart.ts';

// ffmpeg work is the same whatever the database; the database rules run on every driver in
// uploads.test.ts. Here one app is enough.
describe('embed round trip through the API', () => {
  let t: TestApp;
  let alice: { cookie: string };
  let trigger: Trigger;
  let dir: string;
  const at = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-media-rt-'));
    // A DATA_DIR with the characters ffmpeg's filter graphs treat specially: the tone file is
    // read from it inside -filter_complex, so its path must be escaped right.
    t = await createTestApp('postgres', { DATA_DIR: path.join(dir, "data it's,[x]:y;z") });
    await signUp(t.app); // the first account is admin; the creator is the second
    alice = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Coffee promo', type: 'URL', actionData: 'https://example.com/coffee' },
    });
    expect(created.statusCode).toBe(201);
    trigger = created.json();
    await Promise.all([
      makeTestMedia(at('song.mp3'), { seconds: 7, toneHz: 330, channels: 2, audioArgs: ['-b:a', '128k'] }),
      makeTestMedia(at('clip.mp4'), { seconds: 7, video: true, toneHz: 440, channels: 2 }),
      runToolForText('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        ...['-i', 'testsrc=size=160x120:rate=10:duration=5', '-c:v', 'mpeg4', '-an', at('silent.mp4')],
      ]),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function download(url: string, name: string): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    writeFileSync(at(name), response.rawPayload);
    return at(name);
  }

  it('embeds into an uploaded MP3 where it was asked, and the detector finds it there', async () => {
    const response = await postMultipart(
      t.app,
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId: trigger.id, startTime: '2.5' },
      {
        field: 'mediaFile',
        filename: 'song.mp3',
        contentType: 'audio/mpeg',
        content: { kind: 'path', path: at('song.mp3') },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmbedResult>();
    expect(result).toMatchObject({
      triggerId: trigger.id,
      embedPosition: 2.5,
      status: 'ready',
      warnings: [],
    });
    expect(result.embeddedMediaUrl).toMatch(/^\/media\/tm_med_[0-9a-f]{32}\.mp3$/);
    expect(result.media).toMatchObject({
      fileType: 'audio',
      contentType: 'audio/mpeg',
      triggerPosition: 2.5,
    });
    expect(result.media.duration).toBeCloseTo(7, 0);
    // The embedded file keeps the source's bitrate, and says so for the warnings of a later embed.
    expect(result.media.audioBitRate).toBe(128_000);

    const embedded = await download(result.embeddedMediaUrl, 'embedded.mp3');
    const found = await detectTriggerStarts(embedded, trigger);
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.startSec ?? -99) - 2.5)).toBeLessThanOrEqual(0.5);
    const info = await probeMedia(embedded);
    expect(info.streams.find((s) => s.kind === 'audio')?.codec).toBe('mp3');

    const original = await download(result.originalMediaUrl, 'original.mp3');
    expect(await detectTriggerStarts(original, trigger)).toEqual([]);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/triggers/${trigger.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(after.json().embedCount).toBe(1);
  });

  it('keeps an ultrasonic trigger detectable through the MP3 encoder', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Quiet promo',
        type: 'URL',
        actionData: 'https://example.com/quiet',
        frequencyPattern: [1000, 1200, 1500, 1900],
        signal: 'ultrasonic',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ultrasonic = created.json<Trigger>();
    const response = await postMultipart(
      t.app,
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId: ultrasonic.id, startTime: '2' },
      { field: 'mediaFile', filename: 'song.mp3', content: { kind: 'path', path: at('song.mp3') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmbedResult>();
    // 128 kb/s is below the bitrate DESIGN §4 asks the tools to warn about.
    expect(result.warnings).toEqual([expect.stringContaining('ultrasonic')]);
    const embedded = await download(result.embeddedMediaUrl, 'ultrasonic.mp3');
    const found = await detectTriggerStarts(embedded, ultrasonic);
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.startSec ?? -99) - 2)).toBeLessThanOrEqual(0.5);
  });

  it('keeps a streaming trigger detectable in a 128 kb/s stereo MP3 re-encoded by a platform, without a warning', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Podcast promo',
        type: 'URL',
        actionData: 'https://example.com/podcast',
        frequencyPattern: [800, 1300, 1000, 1700],
        signal: 'streaming',
        // The Free plan holds two active triggers; embedding does not need this one active.
        status: 'inactive',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const streaming = created.json<Trigger>();
    expect(streaming.signal).toBe('streaming');
    const response = await postMultipart(
      t.app,
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId: streaming.id, startTime: '2' },
      { field: 'mediaFile', filename: 'song.mp3', content: { kind: 'path', path: at('song.mp3') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmbedResult>();
    // The measured codec table: streaming survives stereo MP3 from 128 kb/s up.
    expect(result.warnings).toEqual([]);
    const embedded = await download(result.embeddedMediaUrl, 'streaming.mp3');
    // What a platform does with an upload: decode and encode again with the encoder's defaults.
    const reencoded = at('streaming-platform.mp3');
    await runToolForText('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', embedded],
      ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', reencoded],
    ]);
    for (const file of [embedded, reencoded]) {
      const found = await detectTriggerStarts(file, streaming);
      expect(found, file).toHaveLength(1);
      expect(Math.abs((found[0]?.startSec ?? -99) - 2)).toBeLessThanOrEqual(0.5);
    }
  });

  it('embeds into a library MP4 by id, copying the video stream bit for bit', async () => {
    const uploaded = await postMultipart(
      t.app,
      '/api/media/upload',
      alice.cookie,
      { title: 'Launch clip', description: 'testsrc' },
      {
        field: 'mediaFile',
        filename: 'clip.mp4',
        contentType: 'video/mp4',
        content: { kind: 'path', path: at('clip.mp4') },
      },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const media = uploaded.json<MediaFile>();
    expect(media).toMatchObject({
      title: 'Launch clip',
      fileType: 'video',
      status: 'ready',
      contentType: 'video/mp4',
    });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/media/embed',
      headers: { cookie: alice.cookie },
      payload: { mediaId: media.id, triggerId: trigger.id, startTime: 3 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmbedResult>();
    expect(result.originalMediaUrl).toBe(media.url);
    expect(result.media.parentMediaId).toBe(media.id);

    const embedded = await download(result.embeddedMediaUrl, 'embedded.mp4');
    expect(await videoPacketsMd5(embedded)).toBe(await videoPacketsMd5(at('clip.mp4')));
    const found = await detectTriggerStarts(embedded, trigger);
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.startSec ?? -99) - 3)).toBeLessThanOrEqual(0.5);
  });

  it('gives a video without sound the trigger as its soundtrack', async () => {
    const response = await postMultipart(
      t.app,
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId: trigger.id, startTime: 1 },
      { field: 'mediaFile', filename: 'silent.mp4', content: { kind: 'path', path: at('silent.mp4') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const embedded = await download(response.json<EmbedResult>().embeddedMediaUrl, 'silent-embedded.mp4');
    expect(await videoPacketsMd5(embedded)).toBe(await videoPacketsMd5(at('silent.mp4')));
    const found = await detectTriggerStarts(embedded, trigger);
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.startSec ?? -99) - 1)).toBeLessThanOrEqual(0.5);
  });
});
