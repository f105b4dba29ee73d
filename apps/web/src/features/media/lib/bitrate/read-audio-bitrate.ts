import type { LossyCodec } from '@tonemark/audio';
import { adtsBitrateKbps } from './adts-bitrate';
import { ascii, blobSource } from './bytes';
import { mp3BitrateKbps } from './mp3-bitrate';
import { mp4AudioKbps } from './mp4-bitrate';

// The top-level boxes an MP4, M4A or QuickTime file can open with.
const MP4_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);
// Enough frames to average a VBR stream without a Xing header (about 30 s at 128 kb/s).
const HEAD_BYTES = 512 * 1024;

/**
 * The audio bitrate (kb/s, rounded) of a local file the user picked, read from its headers the
 * way ffprobe does on the server: MP3 and raw AAC from their frames (or an MP3's VBR header),
 * MP4/M4A/MOV from the audio track's sample table. Undefined where it cannot tell (Opus, whose
 * table entries all survive the lowest bitrate measured, is not read).
 */
export async function readAudioBitrateKbps(file: Blob, codec: LossyCodec): Promise<number | undefined> {
  const read = blobSource(file);
  let kbps: number | undefined;
  if (codec === 'mp3') kbps = mp3BitrateKbps(await read(0, HEAD_BYTES));
  else if (codec === 'aac') {
    const head = await read(0, HEAD_BYTES);
    kbps = MP4_FIRST_BOXES.has(ascii(head, 4, 4))
      ? await mp4AudioKbps(read, file.size)
      : adtsBitrateKbps(head);
  }
  return kbps === undefined || !Number.isFinite(kbps) ? undefined : Math.round(kbps);
}
