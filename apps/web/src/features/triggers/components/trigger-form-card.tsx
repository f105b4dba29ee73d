import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { TriggerForm, type TriggerFormProps } from './trigger-form';

/**
 * The create and edit screens' card: why the form is locked (if it is), the owner choice (if it
 * may change), the form, and Cancel back to Manage Triggers.
 */
export function TriggerFormCard({
  readOnlyNotice,
  noticeTestId,
  ownerSelect,
  ...form
}: Omit<TriggerFormProps, 'secondaryAction'> & {
  readOnlyNotice?: ReactNode;
  noticeTestId?: string;
  ownerSelect?: ReactNode;
}) {
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
        {ownerSelect ? <div className="mb-5 max-w-sm">{ownerSelect}</div> : null}
        <TriggerForm
          {...form}
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
