import { ascii, type ByteSource, u32 } from './bytes';

interface Box {
  type: string;
  /** Where the payload starts and ends, in the array the box was read from. */
  start: number;
  end: number;
}

// A moov larger than this is not a file a browser should read to word a warning.
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/** The boxes laid end to end in `bytes` between `from` and `to`. */
function childBoxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    let size = u32(bytes, at);
    let header = 8;
    if (size === 1) {
      size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) break;
    boxes.push({ type: ascii(bytes, at + 4, 4), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function child(bytes: Uint8Array, box: Box | undefined, type: string): Box | undefined {
  return box === undefined ? undefined : childBoxes(bytes, box.start, box.end).find((b) => b.type === type);
}

/** Finds the top-level moov box by reading only box headers, wherever it lies (start or end). */
async function readMoov(read: ByteSource, size: number): Promise<Uint8Array | undefined> {
  for (let at = 0; at + 8 <= size; ) {
    const head = await read(at, 16);
    let boxSize = u32(head, 0);
    if (boxSize === 1) boxSize = u32(head, 8) * 2 ** 32 + u32(head, 12);
    else if (boxSize === 0) boxSize = size - at;
    if (boxSize < 8) return undefined;
    if (ascii(head, 4, 4) === 'moov') {
      return boxSize > MAX_MOOV_BYTES ? undefined : await read(at, boxSize);
    }
    at += boxSize;
  }
  return undefined;
}

/** Seconds of the track, from its media header (mdhd versions 0 and 1). */
function trackSeconds(bytes: Uint8Array, mdhd: Box): number | undefined {
  const v1 = bytes[mdhd.start] === 1;
  const timescale = u32(bytes, mdhd.start + (v1 ? 20 : 12));
  const duration = v1
    ? u32(bytes, mdhd.start + 24) * 2 ** 32 + u32(bytes, mdhd.start + 28)
    : u32(bytes, mdhd.start + 16);
  return timescale > 0 && duration > 0 ? duration / timescale : undefined;
}

/** The bytes of every sample in the track, from its sample size table (stsz). */
function sampleBytes(bytes: Uint8Array, stsz: Box): number {
  const fixed = u32(bytes, stsz.start + 4);
  const count = u32(bytes, stsz.start + 8);
  if (fixed !== 0) return fixed * count;
  let total = 0;
  for (let i = 0; i < count && stsz.start + 12 + 4 * i + 4 <= stsz.end; i++)
    total += u32(bytes, stsz.start + 12 + 4 * i);
  return total;
}

/** The esds average bitrate (bit/s) an encoder wrote, for files whose sample table is empty (fragmented). */
function esdsAvgBitrate(bytes: Uint8Array, stsd: Box): number | undefined {
  // stsd: version/flags, entry count, then sample entries; an audio entry's boxes follow 28 bytes.
  const entry = childBoxes(bytes, stsd.start + 8, stsd.end)[0];
  const esds = entry === undefined ? undefined : child(bytes, { ...entry, start: entry.start + 28 }, 'esds');
  if (esds === undefined) return undefined;
  // Descriptors inside: ES (0x03) holds DecoderConfig (0x04), whose avgBitrate is at +9.
  for (let at = esds.start + 4; at < esds.end; ) {
    const tag = bytes[at] ?? 0;
    let length = 0;
    let i = at + 1;
    for (let n = 0; n < 4; n++, i++) {
      const b = bytes[i] ?? 0;
      length = (length << 7) | (b & 0x7f);
      if ((b & 0x80) === 0) break;
    }
    const body = i + 1;
    if (tag === 0x04) return u32(bytes, body + 9) || undefined;
    if (tag === 0x03) {
      const flags = bytes[body + 2] ?? 0;
      at = body + 3 + (flags & 0x80 ? 2 : 0);
      if (flags & 0x40) at += 1 + (bytes[at] ?? 0);
      if (flags & 0x20) at += 2;
    } else at = body + length;
  }
  return undefined;
}

/** The audio track's bitrate (kb/s) in an MP4/M4A/MOV file: its samples' bytes over its duration. */
export async function mp4AudioKbps(read: ByteSource, size: number): Promise<number | undefined> {
  const moov = await readMoov(read, size);
  if (moov === undefined) return undefined;
  const root = childBoxes(moov, 0, moov.length)[0];
  for (const trak of childBoxes(moov, root?.start ?? 0, root?.end ?? 0).filter((b) => b.type === 'trak')) {
    const mdia = child(moov, trak, 'mdia');
    const hdlr = child(moov, mdia, 'hdlr');
    if (hdlr === undefined || ascii(moov, hdlr.start + 8, 4) !== 'soun') continue;
    const mdhd = child(moov, mdia, 'mdhd');
    const stbl = child(moov, child(moov, mdia, 'minf'), 'stbl');
    const stsz = child(moov, stbl, 'stsz');
    const seconds = mdhd === undefined ? undefined : trackSeconds(moov, mdhd);
    const total = stsz === undefined ? 0 : sampleBytes(moov, stsz);
    if (seconds !== undefined && total > 0) return (total * 8) / seconds / 1000;
    const stsd = child(moov, stbl, 'stsd');
    const avg = stsd === undefined ? undefined : esdsAvgBitrate(moov, stsd);
    return avg === undefined ? undefined : avg / 1000;
  }
  return undefined;
}
