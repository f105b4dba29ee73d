import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Detection, repeatedToneAdvice } from '@tonemark/audio';
import { makeTestMedia, probeMedia, runToolForText, videoPacketsMd5 } from '@tonemark/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../cli-io.ts';
import { main } from '../main.ts';

let dir: string;
const at = (name: string) => join(dir, name);
const PATTERN = '1000,1200,1500,1800';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tonemark-roundtrip-'));
  // 'b' is the same tones in reverse order: it must never fire for 'a'.
  await writeFile(
    at('triggers.json'),
    JSON.stringify([
      { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] },
      { id: 'b', frequencyPattern: [1800, 1500, 1200, 1000] },
    ]),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function detectJson(path: string): Promise<Detection[]> {
  const { code, stdout, stderr } = await run(
    'detect',
    '--in',
    path,
    '--triggers',
    at('triggers.json'),
    '--detector',
    'robust',
    '--json',
  );
  expect(stderr).toEqual([]);
  expect(code).toBe(0);
  return stdout.map((line) => JSON.parse(line) as Detection);
}

describe('synth -> detect', () => {
  it.each([44_100, 48_000])('finds a synthesized trigger at %i Hz', async (rate) => {
    const file = at(`trigger-${rate}.wav`);
    const synth = await run('synth', '--freqs', PATTERN, '--rate', String(rate), '-o', file);
    expect(synth.code).toBe(0);
    expect(synth.stderr).toEqual([]);
    const detections = await detectJson(file);
    expect(detections.map((d) => d.triggerId)).toEqual(['a']);
    // The field figures: played as made, so speed and tempo 1; the quality figure is an SNR.
    expect(detections[0]?.speed).toBeCloseTo(1, 2);
    expect(detections[0]?.tempo).toBeGreaterThan(0.95);
    expect(detections[0]?.tempo).toBeLessThan(1.05);
    expect(detections[0]?.snrDb).toBeGreaterThan(10);
  });

  it('notes the tones that carry less well across a room, for audible tones only, and still writes the file', async () => {
    const low = await run('synth', '--freqs', '500,1200,650,1800', '-o', at('low.wav'));
    expect(low.code).toBe(0);
    expect(low.stdout[0]).toMatch(/^wrote .*low\.wav/);
    expect(low.stderr).toEqual([
      expect.stringMatching(/^note: 500 and 650 Hz carry less well across a room/),
    ]);
    const streaming = await run(
      'synth',
      '--freqs',
      '500,1200,650,1800',
      '--signal',
      'streaming',
      '-o',
      at('s.wav'),
    );
    expect(streaming.stderr).toEqual([]);
  });

  it('notes a repeated tone in the pattern check’s sentence, and still writes the file', async () => {
    const repeated = await run('synth', '--freqs', '1300,800,1300,1750', '-o', at('repeat.wav'));
    expect(repeated.code).toBe(0);
    expect(repeated.stderr).toEqual([`note: ${repeatedToneAdvice([1300, 800, 1300, 1750])}`]);
  });

  it('prints speed, tempo and the quality figure on every --json line, null where a detector does not measure them', async () => {
    const file = at('trigger-44100.wav');
    const lines = async (detector: string) => {
      const { code, stdout } = await run(
        'detect',
        '--in',
        file,
        '--triggers',
        at('triggers.json'),
        '--detector',
        detector,
        '--json',
      );
      expect(code).toBe(0);
      return stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const keys = ['triggerId', 'timeSec', 'score', 'snrDb', 'speed', 'tempo'];
    const [field] = await lines('robust');
    expect(Object.keys(field ?? {})).toEqual(keys);
    expect(field?.speed).toEqual(expect.any(Number));
    expect(field?.tempo).toEqual(expect.any(Number));
    const [coherent] = await lines('coherent');
    expect(Object.keys(coherent ?? {})).toEqual(keys);
    // The default detector measures the quality figure, not speed or tempo (it assumes 1).
    expect(coherent?.snrDb).toBeGreaterThan(10);
    expect(coherent).toMatchObject({ triggerId: 'a', speed: null, tempo: null });
  });

  it('prints a readable line and a summary without --json', async () => {
    const file = at('trigger-44100.wav');
    const { code, stdout } = await run(
      'detect',
      '--in',
      file,
      '--triggers',
      at('triggers.json'),
      '--detector',
      'robust',
    );
    expect(code).toBe(0);
    expect(stdout[0]).toMatch(
      /^trigger a at \d+\.\d\d s \(score \d\.\d\d, SNR \d+\.\d dB, speed \d\.\d{4}, tempo \d\.\d{3}\)$/,
    );
    expect(stdout.at(-1)).toMatch(/^1 detection in 2\.0 s of audio \(robust detector, 2 triggers\)$/);
  });
});

describe('embed -> detect', () => {
  it('embeds into an MP4 at the right second and leaves the video untouched', async () => {
    const input = at('clip.mp4');
    const output = at('clip.tonemark.mp4');
    await makeTestMedia(input, {
      seconds: 8,
      video: true,
      toneHz: 330,
      channels: 2,
      audioArgs: ['-b:a', '128k'],
    });
    const embed = await run('embed', '--in', input, '--freqs', PATTERN, '--at', '3');
    expect(embed.code).toBe(0);
    expect(embed.stdout[0]).toMatch(/at 3\.000 s, audio aac 128 kb\/s, video copied$/);

    const detections = await detectJson(output);
    expect(detections.map((d) => d.triggerId)).toEqual(['a']);
    // timeSec is when the detection fired: the trigger's end (3 s + 2 s) plus the latency.
    const timeSec = detections[0]?.timeSec ?? Number.NaN;
    expect(Math.abs(timeSec - 5)).toBeLessThanOrEqual(0.5);
    expect(await videoPacketsMd5(output)).toBe(await videoPacketsMd5(input));
    const info = await probeMedia(output);
    expect(info.durationSec).toBeCloseTo(8, 0);
    expect(info.streams.find((s) => s.kind === 'audio')?.channels).toBe(2);
  });

  it('finds nothing in the original', async () => {
    expect(await detectJson(at('clip.mp4'))).toEqual([]);
  });

  it('warns when an ultrasonic trigger goes into a 128 kb/s MP3, and keeps it detectable', async () => {
    const input = at('song.mp3');
    // Stereo: LAME's low-pass at 128 kb/s stereo sits below the 17.5-20 kHz band.
    await makeTestMedia(input, { seconds: 4, channels: 2, audioArgs: ['-b:a', '128k'] });
    const { code, stderr } = await run(
      'embed',
      '--in',
      input,
      '--freqs',
      PATTERN,
      '--at',
      '1',
      '--signal',
      'ultrasonic',
    );
    expect(code).toBe(0);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^warning: ultrasonic trigger encoded as MP3 at 128 kb\/s/);
    expect((await stat(at('song.tonemark.mp3'))).size).toBeGreaterThan(10_000);
    // The encoder's usual low-pass (about 17-19 kHz) would remove the tones; the CLI raises it.
    await writeFile(
      at('ultrasonic.json'),
      JSON.stringify([{ id: 'u', frequencyPattern: [1000, 1200, 1500, 1800], signal: 'ultrasonic' }]),
    );
    const found = await run(
      'detect',
      '--in',
      at('song.tonemark.mp3'),
      '--triggers',
      at('ultrasonic.json'),
      '--json',
    );
    expect(found.code).toBe(0);
    expect(found.stdout.map((line) => (JSON.parse(line) as Detection).triggerId)).toEqual(['u']);
  });

  it('keeps a streaming trigger through a platform-style re-encode (stereo MP3 128 kb/s, default low-pass), without a warning', async () => {
    const input = at('stream.mp3');
    await makeTestMedia(input, { seconds: 4, channels: 2, audioArgs: ['-b:a', '128k'] });
    const { code, stderr } = await run(
      'embed',
      '--in',
      input,
      '--freqs',
      PATTERN,
      '--at',
      '1',
      '--signal',
      'streaming',
    );
    expect(code).toBe(0);
    expect(stderr).toEqual([]);
    // A platform decodes and re-encodes with the encoder's own defaults: no raised cutoff.
    const reencoded = at('stream.platform.mp3');
    const encode = await runToolForText('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', at('stream.tonemark.mp3')],
      ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', reencoded],
    ]);
    expect(encode.code).toBe(0);
    await writeFile(
      at('streaming.json'),
      JSON.stringify([{ id: 's', frequencyPattern: [1000, 1200, 1500, 1800], signal: 'streaming' }]),
    );
    const found = await run('detect', '--in', reencoded, '--triggers', at('streaming.json'), '--json');
    expect(found.stdout.map((line) => (JSON.parse(line) as Detection).triggerId)).toEqual(['s']);
  });

  it('warns by the measured table, not a fixed rule: ultrasonic in a 192 kb/s stereo MP3', async () => {
    const input = at('song192.mp3');
    await makeTestMedia(input, { seconds: 3, channels: 2, audioArgs: ['-b:a', '192k'] });
    const embed = (signal: string) =>
      run(
        'embed',
        '--in',
        input,
        '--freqs',
        PATTERN,
        '--at',
        '0.5',
        '--signal',
        signal,
        '-o',
        at(`${signal}192.mp3`),
      );
    const ultrasonic = await embed('ultrasonic');
    expect(ultrasonic.code).toBe(0);
    expect(ultrasonic.stderr).toEqual([
      expect.stringMatching(/^warning: ultrasonic trigger encoded as MP3 at 192 kb\/s.*use 'combined'/),
    ]);
    for (const signal of ['streaming', 'combined']) expect((await embed(signal)).stderr).toEqual([]);
  });

  it.each(['wav', 'm4a', 'webm'])('embeds into .%s', async (ext) => {
    const input = at(`voice.${ext}`);
    await makeTestMedia(input, { seconds: 4, sampleRate: 48_000 });
    const { code, stdout } = await run('embed', '--in', input, '--freqs', PATTERN, '--at', '50%');
    expect(code).toBe(0);
    expect(stdout[0]).toContain(`voice.tonemark.${ext}`);
    expect((await detectJson(at(`voice.tonemark.${ext}`))).map((d) => d.triggerId)).toEqual(['a']);
  });
});
