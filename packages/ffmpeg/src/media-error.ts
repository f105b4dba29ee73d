/**
 * Every failure a caller can act on carries a code, so the CLI can map input problems to exit
 * code 2 and the server to a 4xx, without parsing message text.
 */
export type MediaErrorCode =
  | 'not-found' // the input file does not exist
  | 'corrupt' // ffprobe/ffmpeg could not read it as media
  | 'no-audio' // readable media, but without an audio stream
  | 'unsupported' // a container or codec we do not write
  | 'tool-missing' // no ffmpeg/ffprobe binary could be found
  | 'tool-failed'; // ffmpeg ran and failed for another reason

export class MediaError extends Error {
  readonly code: MediaErrorCode;

  constructor(code: MediaErrorCode, message: string) {
    super(message);
    this.name = 'MediaError';
    this.code = code;
  }
}

/** True for errors caused by the file the user supplied rather than by this machine. */
export function isInputMediaError(err: unknown): err is MediaError {
  return (
    err instanceof MediaError &&
    (err.code === 'not-found' ||
      err.code === 'corrupt' ||
      err.code === 'no-audio' ||
      err.code === 'unsupported')
  );
}
