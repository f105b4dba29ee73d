import { Input, Label, Textarea } from '@/components/ui/input';

/** Title and optional description of a media file, as the upload dialog and the wizard ask them. */
export function MediaTitleFields({
  id,
  title,
  description,
  disabled,
  onTitleChange,
  onDescriptionChange,
}: {
  /** Prefix for the inputs' ids (a useId value). */
  id: string;
  title: string;
  description: string;
  disabled: boolean;
  onTitleChange: (title: string) => void;
  onDescriptionChange: (description: string) => void;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          disabled={disabled}
          onChange={(event) => onTitleChange(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={1000}
          disabled={disabled}
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
      </div>
    </>
  );
}
