import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { postMultipart } from './testing/multipart.ts';

// Issue 16: an upload-and-process call probed its upload twice (once to store it, once more to
// read it back). Every probe goes through the media context, so counting there counts ffprobe runs.
describe.each(TEST_DRIVERS)('ffprobe runs per request (%s)', (driver) => {
  let t: TestApp;
  let cookie: string;
  let triggerId: number;
  let dir: string;
  const probed: string[] = [];
  /** Which kind of temporary file each probe read: `upload`, `render`, ... */
  const kinds = () => probed.map((file) => path.basename(file).split('-')[0]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-probe-count-'));
    t = await createTestApp(driver);
    const real = t.app.media.probe;
    t.app.media.probe = (file, filename) => {
      probed.push(file);
      return real(file, filename);
    };
    cookie = (await signUp(t.app)).cookie;
    const trigger = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie },
      payload: { name: 'Counted', type: 'CUSTOM', actionData: 'x' },
    });
    triggerId = trigger.json().id;
    await makeTestMedia(path.join(dir, 'tone.wav'), { seconds: 3 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (url: string, fields: Record<string, string | number>) =>
    postMultipart(t.app, url, cookie, fields, {
      field: 'mediaFile',
      filename: 'tone.wav',
      content: { kind: 'path', path: path.join(dir, 'tone.wav') },
    });

  it('probes a plain upload once', async () => {
    probed.length = 0;
    expect((await send('/api/media/upload', {})).statusCode).toBe(201);
    expect(kinds()).toEqual(['upload']);
  });

  it('probes the upload of an upload-embed once, and its result once', async () => {
    probed.length = 0;
    const res = await send('/api/media/upload-embed', { triggerId, startTime: 1 });
    expect(res.statusCode).toBe(201);
    expect(kinds()).toEqual(['upload', 'render']);
  });

  it('probes the upload of an upload-process-segment once, and its result once', async () => {
    probed.length = 0;
    const res = await send('/api/media/upload-process-segment', {
      triggerId,
      segmentStart: 0,
      segmentDuration: 2,
      triggerPosition: 0.5,
    });
    expect(res.statusCode).toBe(201);
    expect(kinds()).toEqual(['upload', 'render']);
  });
});
