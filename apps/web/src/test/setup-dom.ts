import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';

// findBy*/waitFor give up after 1 s by default; on a busy shared 2-core CI machine a screen that
// is right can take longer to settle (a listener test failed once that way). Waiting longer only
// delays a real failure; it cannot hide one.
configure({ asyncUtilTimeout: 10_000 });

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
