import { MEDIA_MESSAGES } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { type EmbedFormInput, START_TIME_MIN_MESSAGE, validateEmbedForm } from './embed-validation';

const createStep: EmbedFormInput = {
  tab: 'url',
  mediaUrl: 'https://cdn.example.com/a.mp3',
  hasFile: false,
  needsTriggerChoice: false,
  hasTrigger: true,
  startTime: 0,
};
const tool: EmbedFormInput = { ...createStep, needsTriggerChoice: true, hasTrigger: false };

describe('validateEmbedForm', () => {
  it('asks Create Trigger for the media only', () => {
    expect(validateEmbedForm(createStep)).toBeNull();
    expect(validateEmbedForm({ ...createStep, mediaUrl: ' ' })).toBe(MEDIA_MESSAGES.provideMediaUrl);
    expect(validateEmbedForm({ ...createStep, tab: 'file' })).toBe(MEDIA_MESSAGES.uploadMediaFile);
  });
  it('asks the Embed in Media tool for media and a trigger together', () => {
    expect(validateEmbedForm(tool)).toBe(MEDIA_MESSAGES.provideMediaUrlAndTrigger);
    expect(validateEmbedForm({ ...tool, tab: 'file', hasFile: true })).toBe(
      MEDIA_MESSAGES.uploadMediaFileAndTrigger,
    );
    expect(validateEmbedForm({ ...tool, tab: 'file', hasFile: true, hasTrigger: true })).toBeNull();
  });
  it('refuses YouTube pages and negative start times', () => {
    expect(validateEmbedForm({ ...createStep, mediaUrl: 'https://www.youtube.com/watch?v=x' })).toBe(
      MEDIA_MESSAGES.youtubeUnsupported,
    );
    expect(validateEmbedForm({ ...createStep, startTime: -1 })).toBe(START_TIME_MIN_MESSAGE);
    expect(validateEmbedForm({ ...createStep, startTime: Number.NaN })).toBe(START_TIME_MIN_MESSAGE);
  });
});
