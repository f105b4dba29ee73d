import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeWav16 } from '@tonemark/audio';
import { describe, expect } from 'vitest';
import { launchBrowserWithMicrophone, newPage } from './support/browser.ts';
import { e2eTest } from './support/fixtures.ts';
import { generatedProgramme, PROGRAMME_RATE } from './support/programme-audio.ts';

// Issue 9 item 5: a creator makes a `streaming` trigger in the form, embeds it in a stereo MP3 at
// 128 kb/s on Create Trigger step 2, a platform re-encodes that file with the encoder's defaults
// (which erase ultrasonic tones), and the listener page still hears it through Chromium's fake
// microphone. The microphone is the re-encoded file the test makes, so the listener's browser is
// the test's own; the creator is the fixture's `owner`, deleted with its trigger and media after.
const NAME = 'Podcast sponsor';

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
const it = e2eTest().extend('workDir', async ({}, { onCleanup }): Promise<string> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tonemark-streaming-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
});

describe('streaming signal: form, 128 kb/s stereo MP3, listener', () => {
  it('creates it in the form, warns of a 96 kb/s MP3 and not of the 128 kb/s one it embeds, and the listener detects it after a re-encode', async ({
    server,
    owner,
    workDir: dir,
  }) => {
    const { samples, source } = generatedProgramme(7);
    console.info(`[streaming.e2e] programme: ${source}`);
    const wav = path.join(dir, 'programme.wav');
    writeFileSync(wav, writeWav16(samples, PROGRAMME_RATE));
    ffmpeg(['-i', wav, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', path.join(dir, 'episode.mp3')]);
    ffmpeg(['-i', wav, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '96k', path.join(dir, 'episode-96k.mp3')]);
    const { page } = owner;
    await page.goto('/admin/create-trigger');
    const form = page.getByTestId('trigger-form');
    await form.getByLabel('Name').fill(NAME);
    await form
      .getByLabel(/URL|Action data/i)
      .first()
      .fill('https://example.com/sponsor');
    await form.getByTestId('trigger-signal-select').click();
    await page.getByRole('option', { name: /^Streaming/ }).click();
    expect(await form.getByTestId('signal-hint').textContent()).toContain('128 kb/s');
    expect(await form.getByTestId('signal-field').textContent()).toContain('13,833 Hz');
    await form.locator('button[type="submit"]').click();

    const embed = page.getByTestId('embed-form');
    await embed.getByText('Upload Media File').click();
    // The measured table keeps streaming in MP3 from 128 kb/s (1 of 24 lost at 96k). The browser
    // reads each picked file's bitrate from its frames and judges it as the server will: a 96 kb/s
    // copy is warned about by its figure, the 128 kb/s one is not.
    const fileInput = embed.locator('input[type="file"]');
    const details = embed.getByTestId('media-file-details');
    await fileInput.setInputFiles(path.join(dir, 'episode-96k.mp3'));
    await expect.poll(() => details.textContent()).toContain('MP3 96 kb/s');
    expect(await embed.getByTestId('form-warning').textContent()).toMatch(
      /MP3 keeps them only at 128 kb\/s or more, and this file's audio is MP3 at 96 kb\/s/,
    );
    await fileInput.setInputFiles(path.join(dir, 'episode.mp3'));
    await expect.poll(() => details.textContent()).toContain('MP3 128 kb/s');
    expect(await embed.getByTestId('form-warning').count()).toBe(0);
    await embed.getByLabel('Start time (seconds)').fill('2');
    await embed.getByRole('button', { name: 'Embed Trigger' }).click();
    const card = page.getByTestId('embed-result');
    await card.waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('form-warning').count()).toBe(0);
    const href = await card.getByTestId('embed-download').getAttribute('href');
    const embedded = await page.request.get(href ?? '');
    expect(embedded.status()).toBe(200);
    const embeddedFile = path.join(dir, 'embedded.mp3');
    writeFileSync(embeddedFile, await embedded.body());

    const [saved] = (await (await page.request.get('/api/triggers')).json()) as { signal: string }[];
    expect(saved?.signal).toBe('streaming');

    // A platform's re-encode: stereo MP3 at 128 kb/s with LAME's own low-pass, then decoded for
    // the fake microphone (which loops it: one trigger every 7 s).
    ffmpeg([
      '-i',
      embeddedFile,
      '-ac',
      '2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      path.join(dir, 'platform.mp3'),
    ]);
    const mic = path.join(dir, 'microphone.wav');
    ffmpeg(['-i', path.join(dir, 'platform.mp3'), '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', mic]);

    const listenerBrowser = await launchBrowserWithMicrophone(mic);
    try {
      const listener = await newPage(listenerBrowser, server.baseUrl);
      await listener.goto('/listener');
      await listener.getByRole('button', { name: 'Start Listening' }).click();
      await expect.poll(() => listener.getByTestId('listener-status').textContent()).toContain('Active');
      const row = listener.getByTestId('detection-row').first();
      await row.waitFor({ timeout: 20_000 });
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
      expect(await row.textContent()).toContain(NAME);
      const quality = await row.getByTestId('detection-quality').textContent();
      console.info(`[streaming.e2e] listener: ${quality}`);
      expect(quality).toMatch(/(Weak|Fair|Good|Excellent) signal · -?\d+\.\d dB/);
      // The same figure is stored with the activation the creator sees on Analytics.
      await expect
        .poll(async () => {
          const rows = (await (await page.request.get('/api/activations')).json()) as {
            snrDb: number | null;
          }[];
          return rows[0]?.snrDb?.toFixed(1);
        })
        .toBe(quality?.match(/(-?\d+\.\d) dB/)?.[1]);
    } finally {
      await listenerBrowser.close();
    }
  });
});
