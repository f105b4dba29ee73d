import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { ConfirmDialog, type ConfirmDialogProps, KEEP_OPEN } from './confirm-dialog';

function renderConfirm(action: ConfirmDialogProps['action'], children?: ConfirmDialogProps['children']) {
  stubFetch();
  renderWithClient(
    <ConfirmDialog
      trigger={<Button>Delete it</Button>}
      title="Delete trigger"
      description="Are you sure you want to delete this trigger?"
      subject="Summer promo"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={action}
      successNotice={{ title: 'Trigger deleted successfully', description: '"Summer promo" was removed.' }}
      failureMessage={() => 'Failed to delete trigger'}
      testId="confirm"
      confirmTestId="confirm-button"
    >
      {children}
    </ConfirmDialog>,
  );
  return userEvent.setup({ delay: null });
}

describe('confirm dialog', () => {
  it('runs nothing on Cancel', async () => {
    const action = vi.fn(async () => {});
    const user = renderConfirm(action);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(screen.getByTestId('confirm')).toHaveTextContent('Summer promo');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm')).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });

  it('disables the button while the action runs, then closes with the success notice', async () => {
    let finish: () => void = () => {};
    const user = renderConfirm(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByTestId('confirm-button'));
    expect(screen.getByTestId('confirm-button')).toHaveTextContent('Deleting…');
    expect(screen.getByTestId('confirm-button')).toBeDisabled();
    finish();
    expect(await screen.findByText('Trigger deleted successfully')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm')).toBeNull();
  });

  it('stays open with a failure notice when the action throws', async () => {
    const user = renderConfirm(async () => {
      throw new Error('500');
    });
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(screen.getByTestId('confirm-button'));
    expect(await screen.findByText('Failed to delete trigger')).toBeInTheDocument();
    expect(screen.getByTestId('confirm')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-button')).toBeEnabled();
  });

  it('stays open without a notice when the action refuses its own fields (Enter submits them)', async () => {
    const action = vi.fn(async () => KEEP_OPEN);
    const user = renderConfirm(action, <input aria-label="Password" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('confirm')).toBeInTheDocument();
    expect(screen.queryByText('Trigger deleted successfully')).toBeNull();
    expect(screen.queryByText('Failed to delete trigger')).toBeNull();
  });
});
