import type { TriggerSignal } from '@tonemark/shared';

/** What each signal sounds like and where it works, in a creator's words (forms, pickers, docs). */
export const TRIGGER_SIGNAL_INFO: Record<TriggerSignal, { label: string; band: string; hint: string }> = {
  audible: {
    label: 'Audible',
    band: '500–2,000 Hz',
    hint: 'The four tones as you set them. Heard by everyone; survives any file format and bitrate.',
  },
  ultrasonic: {
    label: 'Ultrasonic',
    band: '17.5–20 kHz',
    hint: 'Near-silent to most people, but MP3 at any bitrate and AAC below 256 kb/s lose it (Opus keeps it): for WAV files and live playback.',
  },
  combined: {
    label: 'Combined',
    band: 'audible + 17.5–20 kHz',
    hint: 'Both at once at half level each; listeners use whichever half arrives, so it survives MP3 and AAC.',
  },
  streaming: {
    label: 'Streaming',
    band: '13–15.5 kHz',
    hint: 'A faint high whistle that AAC and Opus keep from 96 kb/s and MP3 from 128 kb/s: for podcasts, videos and anything a platform re-encodes.',
  },
};
