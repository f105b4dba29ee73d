import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { triggerSaveErrors } from '../lib/save-errors';
import { TriggerForm, type TriggerFormProps } from './trigger-form';

const LABELS = {
  create: { submit: 'Create Trigger', pending: 'Creating…' },
  edit: { submit: 'Save Changes', pending: 'Saving…' },
} as const;

type CardProps = Omit<
  TriggerFormProps,
  'secondaryAction' | 'submitLabel' | 'pendingLabel' | 'isPending' | 'serverErrors'
> & {
  mode: keyof typeof LABELS;
  /** The create or update mutation: its pending state and the errors of its last answer. */
  saving: { isPending: boolean; error: unknown };
  readOnlyNotice?: ReactNode;
  noticeTestId?: string;
  /** The owner choice (if it may change), given the server's message about it. */
  ownerSelect?: (error: string | undefined) => ReactNode;
};

/**
 * The create and edit screens' card: why the form is locked (if it is), the owner choice, the
 * form with the server's field errors, and Cancel back to Manage Triggers.
 */
export function TriggerFormCard({
  mode,
  saving,
  readOnlyNotice,
  noticeTestId,
  ownerSelect,
  ...form
}: CardProps) {
  const serverErrors = triggerSaveErrors(saving.error);
  return (
    <Card>
      <CardContent className="pt-5">
        {readOnlyNotice ? (
          <p
            className="mb-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid={noticeTestId}
          >
            {readOnlyNotice}
          </p>
        ) : null}
        {ownerSelect ? <div className="mb-5 max-w-sm">{ownerSelect(serverErrors?.teamId)}</div> : null}
        <TriggerForm
          {...form}
          submitLabel={LABELS[mode].submit}
          pendingLabel={LABELS[mode].pending}
          isPending={saving.isPending}
          serverErrors={serverErrors}
          secondaryAction={
            <Link to="/admin/manage-triggers" className={buttonVariants({ variant: 'outline' })}>
              Cancel
            </Link>
          }
        />
      </CardContent>
    </Card>
  );
}
