import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The notices
// live in a module-level store, so one test's notice would otherwise show in the next.
afterEach(() => {
  dismissToast();
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom lacks what Radix's Select, Slider and Dialog call on layout; the app never reads the results.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
