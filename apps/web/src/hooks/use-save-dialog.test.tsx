import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import type { SaveHandlers } from '@/lib/save-outcome';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { useSaveDialog } from './use-save-dialog';

const schema = z.object({ name: z.string().min(1, 'Give it a name') });
type Body = { name: string };
type Save = (input: Body, handlers: SaveHandlers<Body>) => void;

/** A one-field create-or-edit dialog over the hook, as the campaign and segment dialogs use it. */
function ThingDialog({ item, save }: { item?: Body; save: Save }) {
  const [name, setName] = useState('');
  const { form, errors } = useSaveDialog({
    noun: 'thing',
    editing: item !== undefined,
    reset: () => setName(item?.name ?? ''),
    input: () => ({ name }),
    schema,
    save,
    outcome: {
      notice: 'Thing saved',
      name: (saved: Body) => saved.name,
      failure: 'Failed to save the thing',
    },
  });
  return (
    <FormDialog
      form={form}
      trigger={<Button>Open</Button>}
      description="A thing."
      footer={<Button type="submit">Save</Button>}
    >
      <TextField label="Name" value={name} onChange={setName} error={errors.name} />
    </FormDialog>
  );
}

function renderThing(save: Save, item?: Body) {
  stubFetch();
  const view = renderWithClient(<ThingDialog save={save} {...(item ? { item } : {})} />);
  return { user: userEvent.setup({ delay: null }), ...view };
}

describe('useSaveDialog', () => {
  it('titles the dialog by what it saves and whether it edits, and names its form', async () => {
    const { user, unmount } = renderThing(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'New thing' })).toBeInTheDocument();
    expect(screen.getByTestId('thing-form')).toBeInTheDocument();
    unmount();
    const edit = renderThing(vi.fn(), { name: 'Old' });
    await edit.user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('heading', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Old');
  });

  it('sends nothing while the contract refuses the body, and shows its message under the field', async () => {
    const save = vi.fn<Save>();
    const { user } = renderThing(save);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give it a name')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the checked body, then closes with the notice naming what the server saved', async () => {
    const save = vi.fn<Save>((input, handlers) => handlers.onSuccess({ name: `${input.name}!` }));
    const { user } = renderThing(save);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), 'Jingle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Jingle' }, expect.anything());
    expect(await screen.findByText('Thing saved')).toBeInTheDocument();
    expect(screen.getByText('Jingle!')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-form')).toBeNull();
  });

  it('keeps the dialog open with the server’s field message and the red notice when refused', async () => {
    const refused = new ApiError('Bad request', {
      status: 400,
      statusText: 'Bad Request',
      serverMessage: 'Name taken',
      fields: { name: 'That name is taken' },
    });
    const { user } = renderThing((_input, handlers) => handlers.onError(refused));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), 'Jingle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('That name is taken')).toBeInTheDocument();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Bad request')).toBeInTheDocument();
    expect(screen.getByTestId('thing-form')).toBeInTheDocument();
  });

  it('starts each opening from the item with no errors left from the last one', async () => {
    const { user } = renderThing(vi.fn(), { name: 'Old' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give it a name')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Old');
    expect(screen.queryByText('Give it a name')).toBeNull();
  });
});
