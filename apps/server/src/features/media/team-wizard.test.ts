import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMedia } from '@tonemark/ffmpeg';
import type { EmbedResult, MediaFile } from '@tonemark/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Account, type Call, caller, signUpTeamCast } from '../teams/testing/team-fixture.ts';

/**
 * Issue 13: the URL import and the All-in-One wizard's calls in order (import with an owner, a
 * trigger for the media's owner, the embed), so every asset the wizard makes lands in the team.
 */
describe.each(TEST_DRIVERS)('the wizard and URL import for a team (%s)', (driver) => {
  let t: TestApp;
  let call: Call;
  let dir: string;
  let server: Server;
  let base: string;
  let owner: Account;
  let creator: Account;
  let viewer: Account;
  let outsider: Account;
  let teamId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-team-wizard-'));
    await makeTestMedia(path.join(dir, 'talk.mp3'), { seconds: 4, toneHz: 300 });
    server = createServer((req, res) => {
      if (req.url !== '/talk.mp3') {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(readFileSync(path.join(dir, 'talk.mp3')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // URL import reaches the local server only because private addresses are allowed here.
    t = await createTestApp(driver, { ALLOW_PRIVATE_MEDIA_URLS: 'true' });
    call = caller(t.app);
    ({ owner, creator, viewer, outsider, teamId } = await signUpTeamCast(t, 'wizard'));
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports into the team, makes the trigger there, and the embedded result stays in the team', async () => {
    const imported = await call('POST', '/api/media/import', creator, {
      mediaUrl: `${base}/talk.mp3`,
      title: 'Team talk',
      teamId,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const media = imported.json<MediaFile>();
    expect(media.teamId).toBe(teamId);
    const trigger = await call('POST', '/api/triggers', creator, {
      name: 'Team talk trigger',
      type: 'URL',
      actionData: 'https://example.com/talk',
      frequencyPattern: freshPattern(),
      teamId: media.teamId,
    });
    expect(trigger.statusCode, trigger.body).toBe(201);
    const embedded = await call('POST', '/api/media/embed', creator, {
      mediaId: media.id,
      triggerId: trigger.json().id,
      startTime: 1,
    });
    expect(embedded.statusCode, embedded.body).toBe(201);
    const result = embedded.json<EmbedResult>();
    expect(result.media.teamId).toBe(teamId);
    // Every member sees all three; an outsider none.
    for (const url of [
      `/api/media/${media.id}`,
      `/api/media/${result.media.id}`,
      `/api/triggers/${trigger.json().id}`,
    ]) {
      expect((await call('GET', url, viewer)).statusCode, url).toBe(200);
      expect((await call('GET', url, outsider)).statusCode, url).toBe(404);
    }
  });

  it('refuses an import into a team for its viewer (403) and an outsider (400), storing nothing', async () => {
    const before = (await call('GET', `/api/media?teamId=${teamId}`, owner)).json<MediaFile[]>().length;
    const asViewer = await call('POST', '/api/media/import', viewer, {
      mediaUrl: `${base}/talk.mp3`,
      teamId,
    });
    expect(asViewer.statusCode).toBe(403);
    const asOutsider = await call('POST', '/api/media/import', outsider, {
      mediaUrl: `${base}/talk.mp3`,
      teamId,
    });
    expect(asOutsider.statusCode).toBe(400);
    expect(asOutsider.json().fields.teamId).toBe('Team not found');
    expect((await call('GET', `/api/media?teamId=${teamId}`, owner)).json<MediaFile[]>()).toHaveLength(
      before,
    );
  });
});
