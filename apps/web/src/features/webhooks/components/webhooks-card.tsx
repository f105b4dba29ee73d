import {
  MAX_WEBHOOKS_PER_USER,
  type RegisteredWebhook,
  registerWebhookSchema,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@tonemark/shared';
import { ChevronDown, Plus, Webhook } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { IconCardTitle } from '@/components/icon-card-title';
import { RowList } from '@/components/row-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { formatCreatedDateInline } from '@/lib/format-date';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { type WebhookFormErrors, webhookFormErrors } from '../lib/webhook-display';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { NewWebhookSecretNotice } from './new-webhook-secret-notice';
import { WebhookDeliveries } from './webhook-deliveries';

const EVENT_HINTS: Record<WebhookEvent, string> = {
  'trigger.created': 'A trigger is created, in the app or through the API',
  'trigger.activated': 'A listener detects one of your triggers',
};

/**
 * Account Settings: the signed-in user's webhooks (the same ones /api/v1/webhooks manages):
 * add (the signing secret shown once), list, see recent deliveries, delete. Viewers only read.
 */
export function WebhooksCard({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [created, setCreated] = useState<RegisteredWebhook | null>(null);
  const atLimit = (webhooks.data?.length ?? 0) >= MAX_WEBHOOKS_PER_USER;

  function toggleEvent(event: WebhookEvent, checked: boolean) {
    // Kept in WEBHOOK_EVENTS order whatever the clicking order.
    setEvents((current) => WEBHOOK_EVENTS.filter((e) => (e === event ? checked : current.includes(e))));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerWebhookSchema.safeParse({ url, events });
    if (!parsed.success) {
      const found = webhookFormErrors(fieldErrorsFromZod(parsed.error));
      // The contract's 'Array must contain at least 1 element(s)' reads badly beside checkboxes.
      setErrors(events.length === 0 ? { ...found, events: 'Choose at least one event' } : found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (webhook) => {
        setCreated(webhook);
        setUrl('');
        setEvents([...WEBHOOK_EVENTS]);
      },
      onError: (failure) => {
        if (failure instanceof ApiError) {
          const fieldErrors = webhookFormErrors(failure.fields);
          setErrors(fieldErrors.url || fieldErrors.events ? fieldErrors : { form: failure.serverMessage });
        } else {
          setErrors({ form: 'Failed to add the webhook' });
        }
      },
    });
  }

  return (
    <Card data-testid="webhooks">
      <CardHeader>
        <IconCardTitle icon={Webhook}>Webhooks</IconCardTitle>
        <CardDescription>
          Tonemark sends a signed POST (Standard Webhooks) to your URL when an event happens, and retries
          failures with backoff. These are the same webhooks{' '}
          <code className="text-xs whitespace-nowrap">/api/v1/webhooks</code> manages; at most{' '}
          {MAX_WEBHOOKS_PER_USER} per account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canEdit ? (
          <form onSubmit={handleSubmit} noValidate className="grid gap-3" aria-label="Add webhook">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                autoComplete="off"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://example.com/hooks/tonemark"
                maxLength={2000}
                aria-invalid={errors.url ? true : undefined}
                aria-describedby={errors.url ? `${id}-url-error` : undefined}
              />
              <FieldError id={`${id}-url-error`} message={errors.url} />
            </div>
            <fieldset
              className="grid gap-2"
              aria-describedby={errors.events ? `${id}-events-error` : undefined}
            >
              <legend className="mb-1.5 text-sm font-medium text-slate-700">Events</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex items-start gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                    checked={events.includes(event)}
                    onChange={(change) => toggleEvent(event, change.target.checked)}
                  />
                  <span className="min-w-0">
                    <code className="text-xs font-medium text-slate-900">{event}</code>
                    <span className="block text-xs text-slate-500">{EVENT_HINTS[event]}</span>
                  </span>
                </label>
              ))}
              <FieldError id={`${id}-events-error`} message={errors.events} />
            </fieldset>
            <div className="grid gap-1.5">
              <Button type="submit" disabled={create.isPending || atLimit} className="sm:w-fit">
                <Plus /> {create.isPending ? 'Adding…' : 'Add webhook'}
              </Button>
              <FieldError id={`${id}-form-error`} message={errors.form} />
            </div>
          </form>
        ) : (
          <p className="text-sm text-slate-500">Viewers can see webhooks but not add or delete them.</p>
        )}

        {created ? <NewWebhookSecretNotice created={created} onDone={() => setCreated(null)} /> : null}

        <RowList query={webhooks} things="webhooks">
          {(webhook) => <WebhookRow key={webhook.id} webhook={webhook} canEdit={canEdit} />}
        </RowList>
        {canEdit && atLimit ? (
          <p className="text-xs text-slate-500">
            You have {MAX_WEBHOOKS_PER_USER} webhooks, the most an account may have: delete one to add
            another.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function WebhookRow({ webhook, canEdit }: { webhook: WebhookEndpoint; canEdit: boolean }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <li className="px-4 py-3" data-testid="webhook-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{webhook.url}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {webhook.events.map((event) => (
              <Badge key={event} tone="indigo">
                {event}
              </Badge>
            ))}
            <span className="text-xs text-slate-500">added {formatCreatedDateInline(webhook.createdAt)}</span>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            data-testid="webhook-deliveries-toggle"
          >
            Deliveries
            <ChevronDown className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
          {canEdit ? <DeleteWebhookDialog webhook={webhook} /> : null}
        </div>
      </div>
      {open ? (
        <div id={panelId} className="mt-3" data-testid="webhook-deliveries">
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      ) : null}
    </li>
  );
}
