import { ascii, u32 } from './bytes';
import { type AudioFrame, walkFramesKbps } from './frame-walk';

// ISO 11172-3 / 13818-3 Layer III tables (kb/s, Hz).
const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_RATES = [44_100, 48_000, 32_000];

interface Mp3Frame extends AudioFrame {
  mpeg1: boolean;
  mono: boolean;
}

/** The Layer III frame whose header starts at `at`, if one does (free-format frames are not read). */
export function mp3FrameAt(bytes: Uint8Array, at: number): Mp3Frame | undefined {
  const b1 = bytes[at + 1] ?? 0;
  const b2 = bytes[at + 2] ?? 0;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0 || at + 4 > bytes.length) return undefined;
  const version = (b1 >> 3) & 3; // 0: MPEG 2.5, 1: reserved, 2: MPEG 2, 3: MPEG 1
  if (version === 1 || ((b1 >> 1) & 3) !== 1) return undefined; // Layer III only
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[(b2 >> 4) & 0xf];
  const baseRate = MPEG1_RATES[(b2 >> 2) & 3];
  if (kbps === undefined || kbps === 0 || baseRate === undefined) return undefined;
  const sampleRate = baseRate / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b2 >> 1) & 1;
  const frameBytes = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  const mono = (bytes[at + 3] ?? 0) >> 6 === 3;
  return { bytes: frameBytes, samples: mpeg1 ? 1152 : 576, sampleRate, mpeg1, mono };
}

/** Where the audio starts: after an ID3v2 tag (syncsafe size, optional footer), if there is one. */
function afterId3(bytes: Uint8Array): number {
  if (ascii(bytes, 0, 3) !== 'ID3' || bytes.length < 10) return 0;
  const size =
    (((bytes[6] ?? 0) & 0x7f) << 21) |
    (((bytes[7] ?? 0) & 0x7f) << 14) |
    (((bytes[8] ?? 0) & 0x7f) << 7) |
    ((bytes[9] ?? 0) & 0x7f);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * The whole stream's average from a Xing/Info (LAME) or VBRI (Fraunhofer) header in the first
 * frame: a VBR file's first frames say little about the rest, and these headers count all of it.
 */
function vbrHeaderKbps(bytes: Uint8Array, at: number, frame: Mp3Frame): number | undefined {
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = ascii(bytes, xing, 4);
  let frames: number | undefined;
  let streamBytes: number | undefined;
  if (tag === 'Xing' || tag === 'Info') {
    const flags = u32(bytes, xing + 4);
    if ((flags & 1) !== 0 && (flags & 2) !== 0) {
      frames = u32(bytes, xing + 8);
      streamBytes = u32(bytes, xing + 12);
    }
  } else if (ascii(bytes, at + 36, 4) === 'VBRI') {
    streamBytes = u32(bytes, at + 36 + 10);
    frames = u32(bytes, at + 36 + 14);
  }
  if (frames === undefined || streamBytes === undefined || frames === 0 || streamBytes === 0)
    return undefined;
  return (streamBytes * 8) / ((frames * frame.samples) / frame.sampleRate) / 1000;
}

/** The audio bitrate (kb/s) of an MP3 from its first bytes (a few hundred kB are plenty). */
export function mp3BitrateKbps(bytes: Uint8Array): number | undefined {
  const from = afterId3(bytes);
  for (let at = from; at + 4 <= bytes.length; at++) {
    const frame = mp3FrameAt(bytes, at);
    if (frame === undefined) continue;
    const header = vbrHeaderKbps(bytes, at, frame);
    if (header !== undefined) return header;
    break;
  }
  return walkFramesKbps(bytes, from, mp3FrameAt);
}
