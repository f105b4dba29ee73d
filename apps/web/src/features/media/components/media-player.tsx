import type { MediaFileType } from '@tonemark/shared';
import { cn } from '@/lib/cn';

/** Plays a stored file; video gets a frame, audio a compact bar. Range requests let both seek. */
export function MediaPlayer({
  src,
  fileType,
  className,
  label,
}: {
  src: string;
  fileType: MediaFileType;
  className?: string;
  label: string;
}) {
  if (fileType === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: user media has no caption track to offer
      <video
        src={src}
        controls
        preload="metadata"
        aria-label={label}
        className={cn('aspect-video w-full rounded-lg bg-slate-900', className)}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: user media has no caption track to offer
    <audio src={src} controls preload="metadata" aria-label={label} className={cn('w-full', className)} />
  );
}
