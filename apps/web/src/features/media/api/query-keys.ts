/** Media query keys live with the feature; library changes invalidate `all`. */
export const mediaKeys = {
  all: ['media'] as const,
  library: ['media', 'library'] as const,
  segments: (id: number) => ['media', id, 'segments'] as const,
};
