import type { TriggerSignal } from '@tonemark/shared';
import { useEffect, useState } from 'react';
import { readAudioBitrateKbps } from '../lib/bitrate/read-audio-bitrate';
import { audioBitrateText, lossyCodecOfMedia, lossyCodecWarning } from '../lib/lossy-warning';

/** A picked file's lossy audio bitrate as read from its headers; `reading` until that is done. */
export interface FileBitrate {
  kbps: number | undefined;
  reading: boolean;
}

/**
 * Reads the audio bitrate of a picked MP3, AAC or MP4/M4A/MOV file in the browser (a fraction of a
 * second: headers only), so the lossy-codec warning can judge the file as the server will instead
 * of by its codec alone. Lossless and unread formats give `kbps: undefined` at once.
 */
export function useFileBitrate(file: File | null): FileBitrate {
  const [read, setRead] = useState<{ file: File; kbps: number | undefined } | null>(null);
  const codec = file === null ? undefined : lossyCodecOfMedia({ name: file.name, type: file.type });
  useEffect(() => {
    if (file === null || codec === undefined) return;
    let current = true;
    readAudioBitrateKbps(file, codec).then(
      (kbps) => current && setRead({ file, kbps }),
      // A file the browser cannot read is judged by its codec alone; the upload reports the error.
      () => current && setRead({ file, kbps: undefined }),
    );
    return () => {
      current = false;
    };
  }, [file, codec]);
  if (file === null || codec === undefined) return { kbps: undefined, reading: false };
  return read !== null && read.file === file
    ? { kbps: read.kbps, reading: false }
    : { kbps: undefined, reading: true };
}

/**
 * The lossy-codec warning for a trigger going into `media` (a picked `file`, or a URL when `file`
 * is null), judged by the file's own bitrate once read, and what its audio is for the picker
 * ("MP3 128 kb/s"). While the bitrate is being read (milliseconds) there is no warning rather than
 * one the figure may take back.
 */
export function useLossyCheck(
  signal: TriggerSignal | undefined,
  media: { name?: string; type?: string },
  file: File | null,
): { warning: string | null; audio: string | undefined } {
  const bitrate = useFileBitrate(file);
  return {
    warning: bitrate.reading ? null : lossyCodecWarning(signal, media, bitrate.kbps),
    audio: audioBitrateText(media, bitrate.kbps),
  };
}
