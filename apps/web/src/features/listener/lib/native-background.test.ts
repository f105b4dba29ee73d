import { describe, expect, it } from 'vitest';
import { detectNativeBackground, type TonemarkNativeBridge } from './native-background';

describe('detectNativeBackground', () => {
  it('prefers the Tonemark bridge, then a background-mode plugin, else none', () => {
    const bridge: TonemarkNativeBridge = {
      startBackgroundListening: async () => true,
      stopBackgroundListening: async () => {},
    };
    const plugin = { enable: () => {}, disable: () => {} };
    expect(
      detectNativeBackground({ TonemarkNative: bridge, Capacitor: { Plugins: { BackgroundMode: plugin } } }),
    ).toEqual({ kind: 'bridge', bridge });
    expect(detectNativeBackground({ Capacitor: { Plugins: { BackgroundMode: plugin } } })).toEqual({
      kind: 'plugin',
      plugin,
    });
    expect(detectNativeBackground({ Capacitor: {} })).toBeNull();
    expect(detectNativeBackground({})).toBeNull();
  });
});
