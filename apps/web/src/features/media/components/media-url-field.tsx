import { MEDIA_MESSAGES } from '@tonemark/shared';
import { type ReactNode, useId } from 'react';
import { Input, Label } from '@/components/ui/input';

/** The address of a media file on the web, with the note that YouTube pages are not files. */
export function MediaUrlField({
  value,
  onChange,
  placeholder,
  disabled,
  action,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  /** A button beside the field (e.g. Load Preview). */
  action?: ReactNode;
}) {
  const id = useId();
  const input = (
    <Input
      id={id}
      type="url"
      inputMode="url"
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Media URL</Label>
      {action ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      <p className="text-xs text-slate-500">{MEDIA_MESSAGES.youtubeUnsupported}</p>
    </div>
  );
}
