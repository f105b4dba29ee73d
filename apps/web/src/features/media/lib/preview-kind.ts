import type { MediaFileType } from '@tonemark/shared';

const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'ogv'];

/**
 * Which element previews a chosen file or URL. The MIME type decides for files; for URLs only the
 * extension is known, and .webm is treated as video because <video> also plays audio-only WebM.
 */
export function previewKind(media: { type?: string; name?: string }): MediaFileType {
  if (media.type) return media.type.startsWith('video/') ? 'video' : 'audio';
  const path = (media.name ?? '').split(/[?#]/)[0] ?? '';
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return VIDEO_EXTENSIONS.includes(ext) ? 'video' : 'audio';
}
