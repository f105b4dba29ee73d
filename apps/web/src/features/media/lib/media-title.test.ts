import { describe, expect, it } from 'vitest';
import { titleFromFileName, titleFromUrl } from './media-title';

describe('titleFromFileName', () => {
  it('drops only the last extension', () => {
    expect(titleFromFileName('launch video.final.mp4')).toBe('launch video.final');
    expect(titleFromFileName('jingle.mp3')).toBe('jingle');
  });
  it('keeps names without an extension and dot-files whole', () => {
    expect(titleFromFileName('podcast')).toBe('podcast');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });
  it('ignores folders a browser may include', () => {
    expect(titleFromFileName('C:\\fakepath\\clip.webm')).toBe('clip');
  });
});

describe('titleFromUrl', () => {
  it('takes the last path segment, decoded, without the query', () => {
    expect(titleFromUrl('https://cdn.example.com/media/My%20Song.mp3?sig=1')).toBe('My Song.mp3');
    expect(titleFromUrl('https://example.com/a/b/')).toBe('b');
  });
  it('gives an empty title for no path or an invalid URL', () => {
    expect(titleFromUrl('https://example.com/')).toBe('');
    expect(titleFromUrl('not a url')).toBe('');
  });
  it('keeps a malformed escape as written', () => {
    expect(titleFromUrl('https://example.com/bad%E0%A4')).toBe('bad%E0%A4');
  });
});
