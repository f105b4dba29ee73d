import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locateTool } from '@tonemark/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, givePlan, signUp, type TestApp } from '../../test/test-app.ts';
import { probeSource } from './probe-source.ts';
import { OutputBudgetError, renderMedia } from './render-media.ts';
import { filesIn, mediaDirs, tempFilesIn } from './testing/media-fixtures.ts';
import { postMultipart } from './testing/multipart.ts';

const GB = 1024 ** 3;

/** A 16-bit PCM WAV whose header may declare another rate or a longer data chunk than it has. */
function wav(opts: {
  sampleRate: number;
  channels?: number;
  frames: number;
  declaredDataBytes?: number;
}): Buffer {
  const channels = opts.channels ?? 1;
  const data = Buffer.alloc(opts.frames * channels * 2);
  for (let i = 0; i < opts.frames * channels; i++)
    data.writeInt16LE(Math.round(6000 * Math.sin(i / 7)), i * 2);
  const declared = opts.declaredDataBytes ?? data.length;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(Math.min(0xffffffff, 36 + declared), 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(opts.sampleRate, 24);
  header.writeUInt32LE(opts.sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(declared, 40);
  return Buffer.concat([header, data]);
}

for (const driver of TEST_DRIVERS) {
  describe(`media limits are checked before work starts (${driver})`, () => {
    let t: TestApp;
    let creator: { cookie: string; user: { id: number } };
    let triggerId: number;
    const upload = (bytes: Buffer, cookie = creator.cookie) =>
      postMultipart(
        t.app,
        '/api/media/upload',
        cookie,
        { title: 'Limit test' },
        {
          field: 'mediaFile',
          filename: 'clip.wav',
          content: { kind: 'buffer', bytes },
        },
      );
    const rowsOf = async (ownerId: number) =>
      t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId));
    /** Fills the account's storage up to `leftBytes` below its plan's 5 GB with stand-in rows. */
    const fillStorage = async (ownerId: number, leftBytes: number) => {
      const used = (await rowsOf(ownerId)).reduce((sum, row) => sum + (row.fileSize ?? 0), 0);
      let remaining = 5 * GB - leftBytes - used;
      let n = 0;
      while (remaining > 0) {
        const size = Math.min(remaining, 2_000_000_000);
        await t.database.db.insert(mediaFiles).values({
          name: `filler ${n}`,
          type: 'audio',
          publicId: `tm_med_filler_${ownerId}_${n++}`,
          url: '',
          status: 'ready',
          ownerId,
          fileSize: size,
          metadata: { storageKey: '', contentType: 'audio/wav', job: 'upload', worker: 'test' },
        });
        remaining -= size;
      }
    };

    beforeAll(async () => {
      t = await createTestApp(driver);
      await signUp(t.app); // the admin
      creator = await signUp(t.app);
      // The limits below are Starter's (5 GB, 3 h); Free's have their own tests.
      await givePlan(t, creator.user.id, 'starter');
      const trigger = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: creator.cookie },
        payload: { name: 'Limit tone', type: 'CUSTOM', actionData: 'x', signal: 'combined' },
      });
      triggerId = trigger.json<{ id: number }>().id;
      // The tone is rendered after the answer: let it land before the tests count files.
      await t.app.triggerTones.idle();
    });
    afterAll(async () => t?.close());

    it('refuses a 200 KB WAV that declares 1 Hz, leaving no row and no file', async () => {
      const storedBefore = filesIn(mediaDirs(t.dataDir).media);
      const response = await upload(wav({ sampleRate: 1, frames: 100_000 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'MEDIA_UNSUPPORTED' });
      expect(response.json<{ error: string }>().error).toMatch(/sample rate \(1 Hz\) is not supported/);
      expect(await rowsOf(creator.user.id)).toEqual([]);
      expect(filesIn(mediaDirs(t.dataDir).media)).toEqual(storedBefore);
    });

    it('refuses a 2 MB FLAC of 3.1 hours: longer than the plan takes', async () => {
      const flac = path.join(t.dataDir, 'long.flac');
      execFileSync(locateTool('ffmpeg').path, [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '11200'],
        ...['-c:a', 'flac', '-y', flac],
      ]);
      const response = await postMultipart(
        t.app,
        '/api/media/upload',
        creator.cookie,
        {},
        {
          field: 'mediaFile',
          filename: 'long.flac',
          content: { kind: 'path', path: flac },
        },
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'MEDIA_TOO_LONG' });
      expect(response.json<{ error: string }>().error).toMatch(
        /3.1 h long: the Starter plan takes files up to 3 h/,
      );
      expect(await rowsOf(creator.user.id)).toEqual([]);
    });

    it("refuses an upload over the plan's storage with a clear message", async () => {
      const owner = await signUp(t.app);
      await givePlan(t, owner.user.id, 'starter');
      await fillStorage(owner.user.id, 50_000);
      const response = await upload(wav({ sampleRate: 44_100, frames: 44_100 }), owner.cookie);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'STORAGE_LIMIT' });
      expect(response.json<{ error: string }>().error).toMatch(/Starter plan's 5.00 GB storage is left/);
      expect((await rowsOf(owner.user.id)).every((row) => row.name.startsWith('filler'))).toBe(true);
      expect(tempFilesIn(t.dataDir)).toEqual([]);
    });

    it('refuses an embed whose estimated output exceeds the storage left, before ffmpeg runs', async () => {
      const stored = await upload(wav({ sampleRate: 8000, frames: 8000 * 20 }));
      expect(stored.statusCode).toBe(201);
      const mediaId = stored.json<{ id: number }>().id;
      // 320 KB stored; a combined trigger raises 8 kHz to 44.1 kHz, so the result is ~3.5 MB.
      await fillStorage(creator.user.id, 1024 * 1024);
      const before = (await rowsOf(creator.user.id)).length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/media/embed',
        headers: { cookie: creator.cookie },
        payload: { mediaId, triggerId, startTime: 1 },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'STORAGE_LIMIT' });
      expect(response.json<{ error: string }>().error).toMatch(/The result needs about 3\.\d+ MB/);
      expect((await rowsOf(creator.user.id)).length).toBe(before);
    });
  });
}

describe('a running render past its output budget', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tonemark-budget-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is stopped while running and reported as over budget', async () => {
    // Three hours of 8 kHz audio: 2 MB as FLAC, 173 MB once written out as PCM.
    const input = path.join(dir, 'in.flac');
    execFileSync(locateTool('ffmpeg').path, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=8000:duration=10800'],
      ...['-c:a', 'flac', '-y', input],
    ]);
    const probed = await probeSource(input, 'in.flac');
    const output = path.join(dir, 'out.wav');
    await expect(
      renderMedia({ input, probed, output }, new AbortController().signal, 256 * 1024),
    ).rejects.toBeInstanceOf(OutputBudgetError);
    const written = existsSync(output) ? statSync(output).size : 0;
    console.log(
      `[budget] the render was stopped after writing ${(written / 1024 ** 2).toFixed(1)} MB of 173 MB`,
    );
    expect(written).toBeLessThan(100 * 1024 * 1024);
  });

  it('is reported even when it ends before the first check', async () => {
    const input = path.join(dir, 'short.wav');
    writeFileSync(input, wav({ sampleRate: 44_100, channels: 2, frames: 44_100 * 3 }));
    const probed = await probeSource(input, 'short.wav');
    await expect(
      renderMedia(
        { input, probed, output: path.join(dir, 'short-out.wav') },
        new AbortController().signal,
        1024,
      ),
    ).rejects.toBeInstanceOf(OutputBudgetError);
  });
});
