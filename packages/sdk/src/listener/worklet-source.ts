// The built worklet (scripts/build.ts defines it); absent when the sources run unbuilt.
declare const __TONEMARK_WORKLET_SOURCE__: string | undefined;

let moduleUrl: string | null = null;

/** A Blob URL of the detector worklet: needs `blob:` in a page's CSP script-src. */
export function detectorWorkletUrl(): string {
  if (typeof __TONEMARK_WORKLET_SOURCE__ !== 'string') {
    throw new Error(
      'The detector worklet is missing: use the built package (npm run build -w @tonemark/sdk)',
    );
  }
  moduleUrl ??= URL.createObjectURL(new Blob([__TONEMARK_WORKLET_SOURCE__], { type: 'text/javascript' }));
  return moduleUrl;
}
