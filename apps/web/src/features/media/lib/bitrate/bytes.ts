/** Big-endian unsigned reads on a byte array (media headers are big-endian). */
export function u16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

export function u32(bytes: Uint8Array, at: number): number {
  return u16(bytes, at) * 0x10000 + u16(bytes, at + 2);
}

export function ascii(bytes: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let i = at; i < at + length && i < bytes.length; i++) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

/** Reads `length` bytes from `offset` (fewer at the end of the file). */
export type ByteSource = (offset: number, length: number) => Promise<Uint8Array>;

/** A file or blob read in slices, so a large video is never loaded whole. */
export function blobSource(blob: Blob): ByteSource {
  return async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
}
