/**
 * A problem with what the user asked for (arguments, files, triggers.json). It ends the command
 * with exit code 2 and a one-line message, never a stack trace.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * Error text squeezed onto one printable line: ffmpeg and zod messages may span several, and a
 * JSON parse error quotes bytes of whatever binary file was passed by mistake.
 */
export function oneLine(text: string): string {
  return (
    text
      .replace(/\s*\n\s*/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, '?')
      .trim()
  );
}
