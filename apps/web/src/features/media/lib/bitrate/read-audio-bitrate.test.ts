import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LossyCodec } from '@tonemark/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudioBitrateKbps } from './read-audio-bitrate';

// Real encodes by ffmpeg, read as the browser reads a picked file (a Blob, in slices), against the
// bitrate each was encoded at and the one ffprobe (the server's reading) gives.
let dir = '';
const STEREO = ['-f', 'lavfi', '-i', 'sine=f=440:d=12', '-f', 'lavfi', '-i', 'sine=f=660:d=12'];
const MERGE = ['-filter_complex', 'amerge=inputs=2'];
const VIDEO = ['-f', 'lavfi', '-i', 'testsrc=d=12:s=160x120'];

function encode(name: string, args: string[]): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}

function ffprobeKbps(file: string): number {
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=bit_rate', '-of', 'csv=p=0', file],
  ]);
  return Number(out.toString().trim()) / 1000;
}

async function readKbps(file: string, codec: LossyCodec): Promise<number | undefined> {
  return readAudioBitrateKbps(new Blob([readFileSync(file)]), codec);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tonemark-bitrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readAudioBitrateKbps', () => {
  it('reads a constant-bitrate MP3 exactly, with or without its Info header and behind an ID3 tag', async () => {
    const cases: [string, string[], number][] = [
      ['info.mp3', ['-b:a', '96k'], 96],
      ['plain.mp3', ['-b:a', '128k', '-write_xing', '0'], 128],
      [
        'tagged.mp3',
        ['-b:a', '192k', '-write_xing', '0', '-id3v2_version', '3', '-metadata', 'title=Episode'],
        192,
      ],
      ['mpeg2.mp3', ['-ar', '22050', '-b:a', '64k'], 64],
    ];
    for (const [name, args, kbps] of cases) {
      const file = encode(name, [...STEREO, ...MERGE, '-c:a', 'libmp3lame', ...args]);
      expect(await readKbps(file, 'mp3'), name).toBe(kbps);
      expect(ffprobeKbps(file), name).toBeCloseTo(kbps, 0);
    }
  });

  it("reads a variable-bitrate MP3's whole-file average from its Xing header, its first frames' without one", async () => {
    // 30 s of full-scale noise then 90 s of silence: the first 512 kB the browser reads are all
    // noise, so only the Xing header's counts give the file's own average.
    const programme = [
      '-f',
      'lavfi',
      '-i',
      "aevalsrc=exprs='if(lt(t,30),random(0)*2-1,0)':d=120:s=44100",
      '-ac',
      '2',
    ];
    const vbr = ['-c:a', 'libmp3lame', '-q:a', '0'];
    const xing = encode('vbr.mp3', [...programme, ...vbr]);
    const bare = encode('vbr-bare.mp3', [...programme, ...vbr, '-write_xing', '0']);
    const wholeFile = (readFileSync(bare).length * 8) / 120 / 1000;
    const fromXing = (await readKbps(xing, 'mp3')) ?? 0;
    expect(Math.abs(fromXing - wholeFile)).toBeLessThan(3);
    expect(await readKbps(bare, 'mp3')).toBeGreaterThan(wholeFile + 50);
  });

  it('reads AAC in ADTS, M4A (moov first or last, fragmented) and the audio track of MP4 and MOV video', async () => {
    const aac = ['-c:a', 'aac', '-b:a', '96k'];
    const files = [
      encode('raw.aac', [...STEREO, ...MERGE, ...aac]),
      encode('tail.m4a', [...STEREO, ...MERGE, ...aac]),
      encode('head.m4a', [...STEREO, ...MERGE, ...aac, '-movflags', '+faststart']),
      encode('frag.m4a', [...STEREO, ...MERGE, ...aac, '-movflags', 'frag_keyframe+empty_moov']),
      encode('clip.mp4', [...VIDEO, ...STEREO, ...MERGE, '-map', '0:v', '-c:v', 'libx264', ...aac]),
      encode('clip.mov', [...VIDEO, ...STEREO, ...MERGE, '-map', '0:v', '-c:v', 'libx264', ...aac]),
    ];
    for (const file of files) {
      const kbps = await readKbps(file, 'aac');
      // ffmpeg's AAC encoder lands within a few per cent of its target; ADTS headers add 7 bytes a frame.
      expect(kbps, path.basename(file)).toBeGreaterThanOrEqual(90);
      expect(kbps, path.basename(file)).toBeLessThanOrEqual(102);
    }
  });

  it('tells nothing, and does not throw, for files that are not what their name says', async () => {
    const wav = encode('song.wav', [...STEREO, ...MERGE]);
    const noise = new Uint8Array(300_000).map((_, i) => (i * 2_654_435_761) >>> 24);
    expect(await readKbps(wav, 'mp3')).toBeUndefined();
    expect(await readKbps(wav, 'aac')).toBeUndefined();
    expect(await readAudioBitrateKbps(new Blob([noise]), 'mp3')).toBeUndefined();
    expect(await readAudioBitrateKbps(new Blob([]), 'aac')).toBeUndefined();
    expect(await readAudioBitrateKbps(new Blob([readFileSync(wav)]), 'opus')).toBeUndefined();
    // A moov cut off mid-box: the boxes are not read past the end.
    const m4a = readFileSync(encode('cut.m4a', [...STEREO, ...MERGE, '-c:a', 'aac', '-b:a', '96k']));
    expect(await readAudioBitrateKbps(new Blob([m4a.subarray(0, m4a.length - 200)]), 'aac')).toBeUndefined();
  });
});
