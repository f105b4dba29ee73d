import { type CreatedApiKey, createApiKeySchema, MAX_API_KEYS_PER_USER } from '@tonemark/shared';
import { KeyRound, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { IconCardTitle } from '@/components/icon-card-title';
import { RowList } from '@/components/row-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyRow } from './api-key-row';
import { NewKeyNotice } from './new-key-notice';

/** Account Settings: keys for the public REST API (/api/v1): create (shown once), list, revoke. */
export function ApiKeysCard() {
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).name);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
      onError: (failure) => {
        setError(
          failure instanceof ApiError
            ? (failure.fields.name ?? failure.serverMessage)
            : 'Failed to create the API key',
        );
      },
    });
  }

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <IconCardTitle icon={KeyRound}>API keys</IconCardTitle>
        <CardDescription>
          Keys for the public REST API at <code className="text-xs">/api/v1</code>, sent in the{' '}
          <code className="text-xs">X-API-Key</code> header. Each key acts as your account; 100 requests a
          minute per key. See the{' '}
          <Link to="/api-docs" className="font-medium text-indigo-600 hover:underline">
            API documentation
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={handleSubmit} noValidate className="grid gap-1.5" aria-label="Create API key">
          <Label htmlFor={`${id}-name`}>Key name</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Production server"
              maxLength={60}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-name-error` : undefined}
            />
            <Button type="submit" disabled={create.isPending} className="sm:w-auto">
              <Plus /> {create.isPending ? 'Creating…' : 'Create key'}
            </Button>
          </div>
          <FieldError id={`${id}-name-error`} message={error} />
        </form>

        {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}

        <RowList query={keys} things="API keys">
          {(key) => <ApiKeyRow key={key.id} apiKey={key} />}
        </RowList>
        {keys.data && keys.data.length >= MAX_API_KEYS_PER_USER ? (
          <p className="text-xs text-slate-500">
            You have {MAX_API_KEYS_PER_USER} keys, the most an account may have: revoke one to create another.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
