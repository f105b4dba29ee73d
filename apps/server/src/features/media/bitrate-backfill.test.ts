import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import type { MediaFile } from '@tonemark/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, startAnotherApp, type TestApp } from '../../test/test-app.ts';
import { backfillAudioBitRates } from './bitrate-backfill.ts';
import { readMetadata } from './media-metadata.ts';
import { postMultipart } from './testing/multipart.ts';

describe.each(TEST_DRIVERS)('audio bitrate backfill of older library files (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let dir: string;
  const ids: Record<'mp3' | 'wav' | 'gone' | 'failed', number> = { mp3: 0, wav: 0, gone: 0, failed: 0 };

  async function upload(name: string, title: string): Promise<number> {
    const response = await postMultipart(
      t.app,
      '/api/media/upload',
      alice.cookie,
      { title },
      {
        field: 'mediaFile',
        filename: name,
        content: { kind: 'path', path: path.join(dir, name) },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaFile>().id;
  }

  async function listed(): Promise<Map<number, number | null>> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/media',
      headers: { cookie: alice.cookie },
    });
    return new Map(response.json<MediaFile[]>().map((m) => [m.id, m.audioBitRate]));
  }

  /** Rows as a server before 2026-12-02 wrote them: no `audioBitRate` key at all. */
  async function forgetBitRates(): Promise<void> {
    await t.database.db.update(mediaFiles).set({ metadata: sql`${mediaFiles.metadata} - 'audioBitRate'` });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-backfill-'));
    t = await createTestApp(driver);
    alice = await signUp(t.app);
    await makeTestMedia(path.join(dir, 'talk.mp3'), { seconds: 2, channels: 2, audioArgs: ['-b:a', '96k'] });
    await makeTestMedia(path.join(dir, 'tone.wav'), { seconds: 1 });
    ids.mp3 = await upload('talk.mp3', 'Talk');
    ids.wav = await upload('tone.wav', 'Tone');
    ids.gone = await upload('talk.mp3', 'Talk, file lost');
    ids.failed = await upload('tone.wav', 'Failed job');
    const [gone] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, ids.gone));
    await t.app.mediaStore.delete(readMetadata(gone?.metadata ?? null).storageKey);
    await t.database.db.update(mediaFiles).set({ status: 'error' }).where(eq(mediaFiles.id, ids.failed));
    await forgetBitRates();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with the rows an older server stored: no figure on the wire', async () => {
    const before = await listed();
    expect(before.get(ids.mp3)).toBeNull();
    expect(before.get(ids.wav)).toBeNull();
  });

  it('does nothing once stopped', async () => {
    const stopped = new AbortController();
    stopped.abort();
    expect(await backfillAudioBitRates(t.app.media, stopped.signal)).toEqual({ filled: 0, unknown: 0 });
    const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, ids.mp3));
    expect(row?.metadata).not.toHaveProperty('audioBitRate');
  });

  it('probes each ready file once: the MP3 reads 96 kb/s again, a lost file is marked unknown', async () => {
    const done = await backfillAudioBitRates(t.app.media, new AbortController().signal);
    expect(done).toEqual({ filled: 2, unknown: 1 });
    const after = await listed();
    expect(after.get(ids.mp3)).toBe(96_000);
    expect(after.get(ids.wav)).toBeGreaterThan(0);
    expect(after.get(ids.gone)).toBeNull();
    const rows = await t.database.db.select().from(mediaFiles);
    const byId = new Map(rows.map((r) => [r.id, r.metadata]));
    // The lost file is marked (a JSON null), so a restart does not probe it again...
    expect(byId.get(ids.gone)).toHaveProperty('audioBitRate', null);
    // ...and a row whose job failed has no file to read: left alone.
    expect(byId.get(ids.failed)).not.toHaveProperty('audioBitRate');
    // Nothing else in the metadata moved.
    expect(readMetadata(byId.get(ids.mp3) ?? null).storageKey).not.toBe('');
    expect(await backfillAudioBitRates(t.app.media, new AbortController().signal)).toEqual({
      filled: 0,
      unknown: 0,
    });
  });

  it('keeps a figure a newer write gave the row meanwhile', async () => {
    await forgetBitRates();
    await t.app.db
      .update(mediaFiles)
      .set({ metadata: sql`${mediaFiles.metadata} || '{"audioBitRate": 12345}'::jsonb` })
      .where(eq(mediaFiles.id, ids.mp3));
    const done = await backfillAudioBitRates(t.app.media, new AbortController().signal);
    expect(done).toEqual({ filled: 1, unknown: 1 });
    expect((await listed()).get(ids.mp3)).toBe(12_345);
  });

  it('runs by itself when a server starts, and a server closed at once stops it cleanly', async () => {
    await forgetBitRates();
    // Closed straight after start: the backfill is stopped between two files, before the database
    // would close under it (no error, no hang).
    const closedAtOnce = await startAnotherApp(t);
    await closedAtOnce.close();
    const restarted = await startAnotherApp(t);
    try {
      const bitRateOfMp3 = async () => {
        const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, ids.mp3));
        return readMetadata(row?.metadata ?? null).audioBitRate;
      };
      // Background work: wait for it (the test's own timeout bounds the wait).
      while ((await bitRateOfMp3()) === undefined) await new Promise((r) => setTimeout(r, 50));
      expect(await bitRateOfMp3()).toBe(96_000);
    } finally {
      await restarted.close();
    }
  });
});
