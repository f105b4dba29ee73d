import { useState } from 'react';

/**
 * The title, description and owner that the upload dialog and the wizard ask before a file goes
 * up: `fields` are MediaTitleFields' props, `request()` what the upload or import carries.
 */
export function useMediaDetails() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [teamId, setTeamId] = useState<number | null>(null);
  return {
    title,
    setTitle,
    teamId,
    setTeamId,
    fields: { title, description, onTitleChange: setTitle, onDescriptionChange: setDescription },
    /** Blank text is left out, so the server names the file itself. */
    request: () => ({
      title: title.trim() || undefined,
      description: description.trim() || undefined,
      teamId,
    }),
    /** The owner stays chosen for the next upload. */
    clearText: () => {
      setTitle('');
      setDescription('');
    },
  };
}
