import type { MediaInfo } from '@tonemark/ffmpeg';
import { describe, expect, it } from 'vitest';
import type { ProbedMedia } from './probe-source.ts';
import { filterGraphPath, renderArgs } from './render-args.ts';

function probed(kind: 'mp3' | 'mp4' | 'silent-mp4', layout = 'stereo', channels = 2): ProbedMedia {
  const video = kind !== 'mp3';
  const info: MediaInfo = {
    path: `in.${kind === 'mp3' ? 'mp3' : 'mp4'}`,
    formatName: kind === 'mp3' ? 'mp3' : 'mov,mp4,m4a,3gp,3g2,mj2',
    durationSec: 10,
    bitRate: 128_000,
    streams: [
      ...(video ? [{ index: 0, kind: 'video' as const, codec: 'h264', isAttachedPicture: false }] : []),
      ...(kind !== 'silent-mp4'
        ? [
            {
              index: 1,
              kind: 'audio' as const,
              codec: 'aac',
              sampleRate: 48_000,
              channels,
              bitRate: 128_000,
              isAttachedPicture: false,
            },
          ]
        : []),
    ],
  };
  return {
    info,
    fileType: video ? 'video' : 'audio',
    extension: kind === 'mp3' ? '.mp3' : '.mp4',
    durationSec: 10,
    audio: kind === 'silent-mp4' ? undefined : { channels, sampleRate: 48_000, layout },
    videoCodec: video ? 'h264' : undefined,
  };
}

const argAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('renderArgs', () => {
  it('embeds into a whole video: video copied, 85/15 mix into the source layout, same codec and bitrate', () => {
    const args = renderArgs({
      input: 'in.mp4',
      output: 'out.mp4',
      probed: probed('mp4'),
      trigger: { wavPath: 'tone.wav', atSec: 2.5, signal: 'audible' },
    });
    expect(argAfter(args, '-filter_complex')).toBe(
      'amovie=tone.wav,aresample=48000,pan=stereo|c0=c0|c1=c0,adelay=2500.000|2500.000,apad[tone];' +
        '[0:a:0][tone]amix=inputs=2:duration=first:dropout_transition=0:weights=0.85 0.15[mixed]',
    );
    expect(args.join(' ')).toContain('-map 0:v -c:v copy');
    expect(args.join(' ')).toContain('-map [mixed] -c:a aac -b:a 128000 -ar 48000');
    expect(args).not.toContain('-ss');
    // The tone is read inside the graph: one input, so ffmpeg needs no input threads.
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
  });

  it('puts the tone in every channel of a 5.1 source', () => {
    const args = renderArgs({
      input: 'in.mp4',
      output: 'out.mp4',
      probed: probed('mp4', '5.1(side)', 6),
      trigger: { wavPath: 't.wav', atSec: 0, signal: 'audible' },
    });
    expect(argAfter(args, '-filter_complex')).toContain('pan=5.1(side)|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0');
  });

  it('cuts a segment with accurate seeking and re-encodes its video', () => {
    const args = renderArgs({
      input: 'in.mp4',
      output: 'out.mp4',
      probed: probed('mp4'),
      cut: { startSec: 3, durationSec: 4 },
      trigger: { wavPath: 't.wav', atSec: 1, signal: 'audible' },
    });
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 5)).toEqual([
      '-ss',
      '3.000',
      '-t',
      '4.000',
      '-i',
    ]);
    expect(argAfter(args, '-c:v')).toBe('libx264');
  });

  it('extracts without a trigger, dropping cover art from audio cuts', () => {
    const args = renderArgs({
      input: 'in.mp3',
      output: 'out.mp3',
      probed: probed('mp3'),
      cut: { startSec: 0, durationSec: 2 },
    });
    expect(args).not.toContain('-filter_complex');
    expect(args.join(' ')).toContain('-vn -map 0:a:0 -c:a libmp3lame');
  });

  it('gives a silent video the trigger as its soundtrack', () => {
    const args = renderArgs({
      input: 'in.mp4',
      output: 'out.mp4',
      probed: probed('silent-mp4'),
      trigger: { wavPath: 't.wav', atSec: 1, signal: 'audible' },
    });
    expect(argAfter(args, '-filter_complex')).toBe(
      'amovie=t.wav,aresample=44100,pan=stereo|c0=c0|c1=c0,adelay=1000.000|1000.000,apad,atrim=end=10.000,volume=0.15[mixed]',
    );
  });

  it('keeps the ultrasonic band of an ultrasonic trigger through MP3 and AAC', () => {
    for (const [kind, output] of [
      ['mp3', 'out.mp3'],
      ['mp4', 'out.mp4'],
    ] as const) {
      const args = renderArgs({
        input: `in.${kind}`,
        output,
        probed: probed(kind),
        trigger: { wavPath: 't.wav', atSec: 1, signal: 'ultrasonic' },
      });
      expect(argAfter(args, '-cutoff')).toBe('20500');
      expect(argAfter(args, '-ar')).toBe('48000');
    }
    const audible = renderArgs({
      input: 'in.mp3',
      output: 'out.mp3',
      probed: probed('mp3'),
      trigger: { wavPath: 't.wav', atSec: 1, signal: 'audible' },
    });
    expect(audible).not.toContain('-cutoff');
  });

  it('raises a source sampled below 44.1 kHz to 44.1 kHz for a combined trigger', () => {
    const low = probed('mp3');
    const args = renderArgs({
      input: 'in.mp3',
      output: 'out.mp3',
      probed: { ...low, audio: { channels: 1, sampleRate: 22_050, layout: 'mono' } },
      trigger: { wavPath: 't.wav', atSec: 0.5, signal: 'combined' },
    });
    expect(argAfter(args, '-filter_complex')).toBe(
      '[0:a:0]aresample=44100[source];amovie=t.wav,aresample=44100,pan=mono|c0=c0,adelay=500.000,apad[tone];' +
        '[source][tone]amix=inputs=2:duration=first:dropout_transition=0:weights=0.85 0.15[mixed]',
    );
    expect(argAfter(args, '-ar')).toBe('44100');
    const audible = renderArgs({
      input: 'in.mp3',
      output: 'out.mp3',
      probed: { ...low, audio: { channels: 1, sampleRate: 22_050, layout: 'mono' } },
      trigger: { wavPath: 't.wav', atSec: 0.5, signal: 'audible' },
    });
    expect(argAfter(audible, '-ar')).toBe('22050');
  });
});

describe('filterGraphPath', () => {
  it('escapes a path for an option value inside -filter_complex', () => {
    expect(filterGraphPath('/data/media/tm_trg_1.wav')).toBe('/data/media/tm_trg_1.wav');
    expect(filterGraphPath("/d/it's a,[b]:c;d\\e.wav")).toBe(
      "/d/it\\\\\\'s a\\,\\[b\\]\\\\:c\\;d\\\\\\\\e.wav",
    );
  });
});
