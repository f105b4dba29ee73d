import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import { MEDIA_MESSAGES, type MediaFile } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, signUpViewer, type TestApp } from '../../test/test-app.ts';
import { filesIn, mediaDirs, tempFilesIn } from './testing/media-fixtures.ts';
import { type FileContent, postMultipart } from './testing/multipart.ts';

describe.each(TEST_DRIVERS)('media uploads (%s)', (driver) => {
  let t: TestApp;
  let admin: { cookie: string };
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string };
  let viewer: { cookie: string };
  let dir: string;
  let triggerId: number;
  const at = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-media-up-'));
    t = await createTestApp(driver);
    admin = await signUp(t.app);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    const v = await signUpViewer(t);
    viewer = v;
    const trigger = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Alice tone', type: 'CUSTOM', actionData: 'hello' },
    });
    triggerId = trigger.json().id;
    await makeTestMedia(at('tone.wav'), { seconds: 3 });
    await makeTestMedia(at('clip.mp4'), { seconds: 3, video: true });
    const mp4 = await readFile(at('clip.mp4'));
    // A real MP4's first kilobyte then garbage: the container header is there, the media is not.
    writeFileSync(at('corrupt.mp4'), Buffer.concat([mp4.subarray(0, 1024), Buffer.alloc(40_000, 0x5a)]));
    writeFileSync(at('notes.mp3'), 'These are meeting notes, not an MP3.\n'.repeat(200));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function upload(
    url: string,
    cookie: string,
    fields: Record<string, string | number>,
    file?: { name: string; content: FileContent; field?: string },
  ) {
    return postMultipart(
      t.app,
      url,
      cookie,
      fields,
      file && { field: file.field ?? 'mediaFile', filename: file.name, content: file.content },
    );
  }
  const fromDisk = (name: string): FileContent => ({ kind: 'path', path: at(name) });

  async function expectNothingLeft(rowsBefore: number) {
    const rows = await t.database.db.select().from(mediaFiles);
    expect(rows.length).toBe(rowsBefore);
    const { media } = mediaDirs(t.dataDir);
    const stored = await Promise.all(
      rows.map(async (r) => (r.metadata as { storageKey: string }).storageKey),
    );
    // Only trigger tones and the files of rows that exist.
    expect(filesIn(media).filter((f) => !f.startsWith('tm_trg_') && !stored.includes(f))).toEqual([]);
    expect(tempFilesIn(t.dataDir)).toEqual([]);
  }
  const rowCount = async () => (await t.database.db.select().from(mediaFiles)).length;

  it('stores an upload: probed type, size and duration, served back with its content type', async () => {
    const response = await upload(
      '/api/media/upload',
      alice.cookie,
      { title: 'Jingle' },
      { name: 'jingle.bin', content: fromDisk('tone.wav') },
    );
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaFile>();
    const size = (await readFile(at('tone.wav'))).length;
    expect(media).toMatchObject({
      title: 'Jingle',
      fileType: 'audio',
      status: 'ready',
      size,
      contentType: 'audio/wav',
    });
    expect(media.duration).toBeCloseTo(3, 1);
    expect(media.url).toMatch(/\.wav$/);
    const served = await t.app.inject({ method: 'GET', url: media.url });
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(served.rawPayload.length).toBe(size);
  });

  it('keeps the probed audio bitrate with the file, for the lossy-codec warnings before an embed', async () => {
    await makeTestMedia(at('talk.mp3'), { seconds: 2, channels: 2, audioArgs: ['-b:a', '96k'] });
    const mp3 = await upload(
      '/api/media/upload',
      alice.cookie,
      { title: 'Talk' },
      { name: 'talk.mp3', content: fromDisk('talk.mp3') },
    );
    expect(mp3.statusCode, mp3.body).toBe(201);
    expect(mp3.json<MediaFile>().audioBitRate).toBe(96_000);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/media',
      headers: { cookie: alice.cookie },
    });
    const stored = listed.json<MediaFile[]>().find((m) => m.id === mp3.json<MediaFile>().id);
    expect(stored?.audioBitRate).toBe(96_000);
  });

  it('takes the cloudinary upload too, trusting the probe over the claimed type', async () => {
    const response = await upload(
      '/api/cloudinary/upload',
      alice.cookie,
      { title: 'Clip', type: 'audio' },
      { name: 'clip.mp4', field: 'file', content: fromDisk('clip.mp4') },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Clip', fileType: 'video', contentType: 'video/mp4' });
  });

  it.each([
    ['a corrupt MP4', 'corrupt.mp4'],
    ['a text file named .mp3', 'notes.mp3'],
  ])('refuses %s with 400 and leaves no row and no file', async (_label, name) => {
    const before = await rowCount();
    const response = await upload('/api/media/upload', alice.cookie, {}, { name, content: fromDisk(name) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_MEDIA', error: MEDIA_MESSAGES.notMedia });
    await expectNothingLeft(before);
    const embed = await upload(
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId, startTime: 0 },
      { name, content: fromDisk(name) },
    );
    expect(embed.statusCode).toBe(400);
    await expectNothingLeft(before);
  });

  it('refuses a 101 MB upload with 413 and leaves no row and no file', async () => {
    const before = await rowCount();
    const response = await upload(
      '/api/media/upload',
      alice.cookie,
      { title: 'Huge' },
      { name: 'huge.mp4', content: { kind: 'generated', size: 101 * 1024 * 1024 } },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', error: MEDIA_MESSAGES.fileTooLarge });
    await expectNothingLeft(before);
  });

  it.each([
    ['/api/media/upload', {}, MEDIA_MESSAGES.selectFileToUpload],
    ['/api/cloudinary/upload', { title: 'x' }, MEDIA_MESSAGES.selectFileToUpload],
    ['/api/media/upload-embed', { startTime: 1 }, MEDIA_MESSAGES.uploadMediaFileAndTrigger],
    ['/api/media/upload-embed', { triggerId: 1 }, MEDIA_MESSAGES.uploadMediaFile],
    ['/api/media/upload-process-segment', { triggerId: 1 }, MEDIA_MESSAGES.selectMediaFile],
  ])('answers %s without a file with the screen text', async (url, fields, message) => {
    const response = await upload(url, alice.cookie, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('checks the upload fields after the file, and removes the file when they are refused', async () => {
    const before = await rowCount();
    const noTrigger = await upload(
      '/api/media/upload-embed',
      alice.cookie,
      { startTime: 1 },
      { name: 'tone.wav', content: fromDisk('tone.wav') },
    );
    expect(noTrigger.json().error).toBe(MEDIA_MESSAGES.selectTrigger);
    const badSegment = await upload(
      '/api/media/upload-process-segment',
      alice.cookie,
      { triggerId, segmentDuration: 0 },
      { name: 'tone.wav', content: fromDisk('tone.wav') },
    );
    expect(badSegment.json().error).toBe(MEDIA_MESSAGES.segmentDurationPositive);
    const outside = await upload(
      '/api/media/upload-embed',
      alice.cookie,
      { triggerId, startTime: 30 },
      { name: 'tone.wav', content: fromDisk('tone.wav') },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/^Start time must be within the media duration \(0 to 3 s\)$/);
    await expectNothingLeft(before);
  });

  it('keeps media private to its owner; admins see all; viewers read but cannot write', async () => {
    const mine = (
      await upload(
        '/api/media/upload',
        alice.cookie,
        { title: 'Alice only' },
        { name: 'a.wav', content: fromDisk('tone.wav') },
      )
    ).json<MediaFile>();
    const bobList = (
      await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: bob.cookie } })
    ).json<MediaFile[]>();
    expect(bobList.some((m) => m.id === mine.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/${mine.id}`, headers: { cookie: bob.cookie } }))
        .statusCode,
    ).toBe(404);
    const bobEmbed = await t.app.inject({
      method: 'POST',
      url: '/api/media/embed',
      headers: { cookie: bob.cookie },
      payload: { mediaId: mine.id, triggerId, startTime: 0 },
    });
    expect(bobEmbed.statusCode).toBe(404);
    const adminList = (
      await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: admin.cookie } })
    ).json<MediaFile[]>();
    expect(adminList.some((m) => m.id === mine.id)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: viewer.cookie } }))
        .statusCode,
    ).toBe(200);
    const viewerUpload = await upload(
      '/api/media/upload',
      viewer.cookie,
      {},
      { name: 'a.wav', content: fromDisk('tone.wav') },
    );
    expect(viewerUpload.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
  });

  it('renames and deletes media, removing its file', async () => {
    const media = (
      await upload(
        '/api/media/upload',
        alice.cookie,
        {},
        { name: 'to-delete.wav', content: fromDisk('tone.wav') },
      )
    ).json<MediaFile>();
    expect(media.title).toBe('to-delete');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/${media.id}`,
      headers: { cookie: alice.cookie },
      payload: { title: 'Renamed' },
    });
    expect(renamed.json().title).toBe('Renamed');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/media/${media.id}`,
          headers: { cookie: bob.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/media/${media.id}`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
  });
});
