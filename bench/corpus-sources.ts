/**
 * Real recordings the benchmark is built from, all shipped as Debian packages so any machine of
 * this project can fetch them with apt (see docs/decisions/bench-corpus.md for licences).
 */
export type SourceKind = 'speech' | 'music';

export interface CorpusPackage {
  /** Debian package name. */
  pkg: string;
  kind: SourceKind;
  /** Which installed files to use (matched against `dpkg -L`). */
  filePattern: RegExp;
  /** ffmpeg input format for headerless files. */
  inputFormat?: string;
  licence: string;
  credit: string;
}

export const CORPUS_PACKAGES: readonly CorpusPackage[] = [
  {
    pkg: 'asterisk-core-sounds-en-g722',
    kind: 'speech',
    filePattern: /\.g722$/,
    inputFormat: 'g722',
    licence: 'CC-BY-SA-3.0',
    credit: 'Allison Smith (voice), Digium (Asterisk core sound prompts, US English)',
  },
  {
    pkg: 'asterisk-core-sounds-fr-g722',
    kind: 'speech',
    filePattern: /\.g722$/,
    inputFormat: 'g722',
    licence: 'CC-BY-SA-3.0',
    credit: 'June Wallack (voice), Digium (Asterisk core sound prompts, Canadian French)',
  },
  {
    pkg: 'wesnoth-1.16-music',
    kind: 'music',
    // silence.ogg is, as the name says, silence.
    filePattern: /\/music\/(?!silence\.)[^/]+\.ogg$/,
    licence: 'GPL-2+',
    credit: 'The Battle for Wesnoth project (orchestral soundtrack)',
  },
];
