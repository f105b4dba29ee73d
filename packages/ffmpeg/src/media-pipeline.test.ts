import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, decodeAudioChunks } from './decode-audio.ts';
import { MediaError } from './media-error.ts';
import { firstAudioStream, probeMedia } from './probe-media.ts';
import { replaceAudio } from './replace-audio.ts';
import { makeTestMedia, videoPacketsMd5 } from './test-media.ts';
import { writeAudio } from './write-audio.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tonemark-ffmpeg-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function sine(hz: number, rate: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

/** Correlation with a reference tone: near 1 when the decoded audio is that tone. */
function toneMatch(samples: Float32Array, hz: number, rate: number): number {
  let re = 0;
  let im = 0;
  let energy = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] as number;
    re += s * Math.cos((2 * Math.PI * hz * i) / rate);
    im += s * Math.sin((2 * Math.PI * hz * i) / rate);
    energy += s * s;
  }
  return (2 * Math.hypot(re, im) ** 2) / (samples.length * energy);
}

describe('probeMedia', () => {
  it('describes streams, duration and bitrate', async () => {
    const path = join(dir, 'probe.mp4');
    await makeTestMedia(path, { seconds: 2, video: true });
    const info = await probeMedia(path);
    expect(info.durationSec).toBeGreaterThan(1.9);
    expect(info.streams.map((s) => s.kind).sort()).toEqual(['audio', 'video']);
    expect(firstAudioStream(info)).toMatchObject({ codec: 'aac', sampleRate: 44_100, channels: 1 });
  });

  it('rejects missing, non-media and audio-less files with a clear code', async () => {
    await expect(probeMedia(join(dir, 'nope.mp3'))).rejects.toMatchObject({ code: 'not-found' });
    const text = join(dir, 'notes.mp3');
    await writeFile(text, 'this is not audio\n'.repeat(50));
    await expect(probeMedia(text)).rejects.toMatchObject({ code: 'corrupt' });
    await expect(probeMedia(text)).rejects.toThrow(/not a readable media file/);
  });
});

describe('decode and write', () => {
  it.each(['wav', 'mp3', 'm4a', 'webm'])('round-trips a tone through .%s', async (ext) => {
    const path = join(dir, `tone.${ext}`);
    const tone = sine(1000, 44_100, 1);
    const written = await writeAudio({
      output: path,
      sampleRate: 44_100,
      pcm: { kind: 'planar', channels: [tone] },
    });
    expect(written.codec).toBeTruthy();
    const decoded = await decodeAudio(path, { layout: 'mono', sampleRate: 44_100 });
    const samples = decoded.channels[0] as Float32Array;
    // Encoders pad a little; the tone must survive.
    expect(Math.abs(samples.length - tone.length)).toBeLessThan(4096);
    expect(toneMatch(samples.subarray(4096, 40_000), 1000, 44_100)).toBeGreaterThan(0.9);
  });

  it('streams chunks and keeps planar channels apart', async () => {
    const path = join(dir, 'stereo.wav');
    await writeAudio({
      output: path,
      sampleRate: 48_000,
      pcm: { kind: 'planar', channels: [sine(500, 48_000, 2), sine(1500, 48_000, 2)] },
    });
    let chunks = 0;
    for await (const planes of decodeAudioChunks(path, { layout: 'planar' })) {
      expect(planes).toHaveLength(2);
      chunks++;
    }
    expect(chunks).toBeGreaterThan(0);
    const { channels, sampleRate } = await decodeAudio(path, { layout: 'planar' });
    expect(sampleRate).toBe(48_000);
    expect(toneMatch(channels[0] as Float32Array, 500, 48_000)).toBeGreaterThan(0.95);
    expect(toneMatch(channels[1] as Float32Array, 1500, 48_000)).toBeGreaterThan(0.95);
  });

  it('fails cleanly on an unwritable container and leaves no file behind', async () => {
    await expect(
      writeAudio({
        output: join(dir, 'x.txt'),
        sampleRate: 44_100,
        pcm: { kind: 'planar', channels: [sine(1, 44_100, 0.1)] },
      }),
    ).rejects.toBeInstanceOf(MediaError);
  });
});

describe('replaceAudio', () => {
  it('swaps the audio of an MP4 and copies the video bit for bit', async () => {
    const input = join(dir, 'in.mp4');
    const output = join(dir, 'out.mp4');
    await makeTestMedia(input, { seconds: 3, video: true, toneHz: 330, audioArgs: ['-b:a', '96k'] });
    const replacement = sine(1000, 44_100, 3);
    const written = await replaceAudio({ input, output, channels: [replacement], sampleRate: 44_100 });
    expect(written.codec).toBe('aac');
    expect(written.bitRate).toBeGreaterThan(80_000);
    expect(written.bitRate).toBeLessThan(110_000);
    expect(await videoPacketsMd5(output)).toBe(await videoPacketsMd5(input));
    const decoded = (await decodeAudio(output, { layout: 'mono', sampleRate: 44_100 }))
      .channels[0] as Float32Array;
    expect(toneMatch(decoded.subarray(4096, 100_000), 1000, 44_100)).toBeGreaterThan(0.9);
  });

  it('refuses to overwrite its own input', async () => {
    const input = join(dir, 'self.mp4');
    await makeTestMedia(input, { seconds: 1, video: true });
    await expect(
      replaceAudio({ input, output: input, channels: [sine(1000, 44_100, 1)], sampleRate: 44_100 }),
    ).rejects.toThrow(/overwrite its own input/);
  });
});
