import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia, probeMedia } from '@tonemark/ffmpeg';
import {
  type EmbedResult,
  MEDIA_MESSAGES,
  type MediaFile,
  type SegmentResult,
  type Trigger,
} from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { detectTriggerStarts } from './testing/media-fixtures.ts';
import { postMultipart } from './testing/multipart.ts';

describe.each(TEST_DRIVERS)('media segments, URL import and the library calls (%s)', (driver) => {
  let t: TestApp;
  let strict: TestApp;
  let alice: { cookie: string };
  let trigger: Trigger;
  let dir: string;
  let server: Server;
  let base: string;
  const at = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-media-seg-'));
    await makeTestMedia(at('talk.mp3'), { seconds: 8, toneHz: 300 });
    await makeTestMedia(at('clip.webm'), {
      seconds: 4,
      video: true,
      audioArgs: ['-c:v', 'libvpx', '-c:a', 'libopus'],
    }).catch(() => makeTestMedia(at('clip.webm'), { seconds: 4 }));
    // A local "web server" for URL import; tests reach it only because ALLOW_PRIVATE_MEDIA_URLS=true.
    server = createServer((req, res) => {
      if (req.url === '/media/talk.mp3') {
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.end(readFileSync(at('talk.mp3')));
      }
      if (req.url === '/go') {
        res.writeHead(301, { location: '/media/talk.mp3' });
        return res.end();
      }
      if (req.url === '/page.html') return res.end('<html><body>not media</body></html>');
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(driver, { ALLOW_PRIVATE_MEDIA_URLS: 'true' });
    strict = await createTestApp(driver);
    await signUp(t.app);
    alice = await signUp(t.app);
    trigger = (
      await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: {
          name: 'Segment tone',
          type: 'URL',
          actionData: 'https://example.com',
          frequencyPattern: [800, 1100, 1400, 1700],
        },
      })
    ).json();
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, app = t) =>
    app.app.inject({ method: 'POST', url, headers: { cookie: alice.cookie }, payload });

  it('imports a URL (following a redirect) with the default title', async () => {
    const response = await post('/api/media/import', { mediaUrl: `${base}/go` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MediaFile>()).toMatchObject({
      title: 'Imported media',
      fileType: 'audio',
      status: 'ready',
      sourceUrl: `${base}/go`,
      contentType: 'audio/mpeg',
    });
  });

  it('refuses private URLs unless ALLOW_PRIVATE_MEDIA_URLS is set', async () => {
    const strictUser = await signUp(strict.app);
    const response = await strict.app.inject({
      method: 'POST',
      url: '/api/media/import',
      headers: { cookie: strictUser.cookie },
      payload: { mediaUrl: `${base}/media/talk.mp3` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MEDIA_URL_FORBIDDEN');
  });

  it.each([
    ['/api/media/import', {}, MEDIA_MESSAGES.provideMediaUrl],
    [
      '/api/media/import',
      { mediaUrl: 'https://www.youtube.com/watch?v=x' },
      MEDIA_MESSAGES.youtubeUnsupported,
    ],
    ['/api/media/embed', {}, MEDIA_MESSAGES.provideMediaUrlAndTrigger],
    ['/api/media/embed', { triggerId: 1 }, MEDIA_MESSAGES.provideMediaUrl],
    ['/api/media/embed', { mediaUrl: 'https://cdn.example.com/a.mp3' }, MEDIA_MESSAGES.selectTrigger],
    ['/api/media/embed', { mediaUrl: 'not a url', triggerId: 1 }, MEDIA_MESSAGES.invalidMediaUrl],
    ['/api/media/process-segment', { triggerId: 1 }, MEDIA_MESSAGES.enterMediaUrl],
    [
      '/api/media/process-segment',
      { mediaUrl: 'https://cdn.example.com/a.mp3' },
      MEDIA_MESSAGES.selectTrigger,
    ],
    [
      '/api/media/process-segment',
      { mediaUrl: 'https://c.example/a.mp3', triggerId: 1, segmentDuration: 0 },
      MEDIA_MESSAGES.segmentDurationPositive,
    ],
    [
      '/api/media/process-segment',
      { mediaUrl: 'https://c.example/a.mp3', triggerId: 1, segmentDuration: 3, triggerPosition: 4 },
      MEDIA_MESSAGES.triggerPositionInSegment,
    ],
    ['/api/cloudinary/embed-trigger', { mediaId: 1 }, MEDIA_MESSAGES.selectMediaAndTrigger],
    ['/api/cloudinary/embed-trigger', { mediaId: 1, triggerId: 1 }, MEDIA_MESSAGES.triggerWithoutPublicId],
    [
      '/api/cloudinary/extract-segment',
      { mediaId: 1, durationSeconds: 0 },
      MEDIA_MESSAGES.segmentDurationPositive,
    ],
  ])('%s answers %o with the screen text', async (url, payload, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('refuses a URL that is not media, and leaves nothing behind', async () => {
    const response = await post('/api/media/embed', {
      mediaUrl: `${base}/page.html`,
      triggerId: trigger.id,
      startTime: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('NOT_MEDIA');
  });

  it('embeds by URL: the original URL is kept, the result is stored', async () => {
    const response = await post('/api/media/embed', {
      mediaUrl: `${base}/media/talk.mp3`,
      triggerId: trigger.id,
      startTime: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmbedResult>();
    expect(result.originalMediaUrl).toBe(`${base}/media/talk.mp3`);
    expect(result.media.sourceUrl).toBe(`${base}/media/talk.mp3`);
  });

  it('lists a segment cut from a URL in the library, as it has no parent there', async () => {
    const response = await post('/api/media/process-segment', {
      mediaUrl: `${base}/media/talk.mp3`,
      triggerId: trigger.id,
      segmentStart: 1,
      segmentDuration: 3,
      triggerPosition: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<SegmentResult>();
    expect(result).toMatchObject({ parentMediaId: null, segmentStart: 1, segmentDuration: 3 });
    expect(result.media.sourceUrl).toBe(`${base}/media/talk.mp3`);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: alice.cookie } })
    ).json<MediaFile[]>();
    expect(list.find((m) => m.id === result.id)).toMatchObject({
      isSegment: true,
      parentMediaId: null,
      status: 'ready',
    });
  });

  let parent: MediaFile;
  it('cuts a segment with the trigger inside it, listed under its parent', async () => {
    const response = await postMultipart(
      t.app,
      '/api/media/upload-process-segment',
      alice.cookie,
      { triggerId: trigger.id, segmentStart: 2, segmentDuration: 4, triggerPosition: 1.5 },
      { field: 'mediaFile', filename: 'talk.mp3', content: { kind: 'path', path: at('talk.mp3') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<SegmentResult>();
    expect(result).toMatchObject({
      segmentStart: 2,
      segmentDuration: 4,
      triggerPosition: 1.5,
      triggerId: trigger.id,
    });
    const file = at('segment.mp3');
    writeFileSync(file, (await t.app.inject({ method: 'GET', url: result.embeddedMediaUrl })).rawPayload);
    expect((await probeMedia(file)).durationSec).toBeCloseTo(4, 0);
    const found = await detectTriggerStarts(file, trigger);
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.startSec ?? -99) - 1.5)).toBeLessThanOrEqual(0.5);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: alice.cookie } })
    ).json<MediaFile[]>();
    const found2 = list.find((m) => m.id === result.parentMediaId);
    expect(found2).toBeDefined();
    parent = found2 as MediaFile;
    expect(list.some((m) => m.id === result.id)).toBe(false);
    const segments = await t.app.inject({
      method: 'GET',
      url: `/api/media/${parent.id}/segments`,
      headers: { cookie: alice.cookie },
    });
    expect(segments.json()).toEqual([
      expect.objectContaining({ id: result.id, segmentStart: 2, segmentDuration: 4, isSegment: true }),
    ]);
  });

  it('process-segment by library id refuses a segment past the end', async () => {
    const response = await post('/api/media/process-segment', {
      mediaId: parent.id,
      triggerId: trigger.id,
      segmentStart: 6,
      segmentDuration: 5,
      triggerPosition: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`${MEDIA_MESSAGES.segmentOutsideMedia} (the media is 8 s long)`);
  });

  it('extracts a plain segment and embeds from the library by publicId', async () => {
    const extracted = await post('/api/cloudinary/extract-segment', {
      mediaPublicId: parent.publicId,
      mediaId: parent.id,
      startTimeSeconds: 1,
      durationSeconds: 2,
    });
    expect(extracted.statusCode, extracted.body).toBe(201);
    expect(extracted.json<MediaFile>()).toMatchObject({
      isSegment: true,
      segmentStart: 1,
      segmentDuration: 2,
      triggerId: null,
      parentMediaId: parent.id,
    });
    expect(extracted.json<MediaFile>().duration).toBeCloseTo(2, 0);

    const mismatch = await post('/api/cloudinary/embed-trigger', {
      mediaPublicId: parent.publicId,
      mediaId: parent.id,
      triggerId: trigger.id,
      triggerPublicId: 'tm_trg_other',
      startTimeSeconds: 1,
    });
    expect(mismatch.statusCode).toBe(400);
    const embedded = await post('/api/cloudinary/embed-trigger', {
      mediaPublicId: parent.publicId,
      mediaId: parent.id,
      triggerId: trigger.id,
      triggerPublicId: trigger.publicId,
      startTimeSeconds: 1,
    });
    expect(embedded.statusCode, embedded.body).toBe(201);
    expect(embedded.json<EmbedResult>()).toMatchObject({ embedPosition: 1, triggerId: trigger.id });
    const segments = (
      await t.app.inject({
        method: 'GET',
        url: `/api/media/${parent.id}/segments`,
        headers: { cookie: alice.cookie },
      })
    ).json<MediaFile[]>();
    expect(segments).toHaveLength(2);
  });

  it('keeps WebM in WebM (Opus audio) when embedding', async () => {
    const response = await postMultipart(
      t.app,
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId: trigger.id, startTime: 0.5 },
      { field: 'mediaFile', filename: 'clip.webm', content: { kind: 'path', path: at('clip.webm') } },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<EmbedResult>().embeddedMediaUrl).toMatch(/\.(webm|mkv)$/);
  });
});
