import { Inbox } from 'lucide-react';
import { IconCardTitle } from '@/components/icon-card-title';
import { QueryStates } from '@/components/query-states';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useOutbox } from '../api/get-outbox';

/** Admins: the e-mail the server kept in DATA_DIR/outbox because no SMTP server is configured. */
export function OutboxCard() {
  const outbox = useOutbox(true);
  if (outbox.data?.transport === 'smtp') return null;
  return (
    <Card data-testid="outbox-card">
      <CardHeader>
        <IconCardTitle icon={Inbox}>Outbox</IconCardTitle>
        <CardDescription>
          No mail server is configured (SMTP_URL), so e-mail is kept here and its links are written to the
          server log. Newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={outbox}
          texts={{
            loading: 'Loading the outbox',
            failed: 'The outbox could not be loaded.',
          }}
          empty="No e-mail yet."
          isEmpty={(data) => data.messages.length === 0}
        >
          {(data) => (
            <ul className="grid max-h-96 gap-2 overflow-y-auto" data-testid="outbox-list">
              {data.messages.map((message) => (
                <li key={message.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <details>
                    <summary className="cursor-pointer">
                      <span className="font-medium text-slate-900">{message.subject}</span>
                      <span className="block text-xs text-slate-500">
                        to {message.to} · {new Date(message.createdAt).toLocaleString()}
                      </span>
                    </summary>
                    <pre className="mt-2 text-xs break-words whitespace-pre-wrap text-slate-700">
                      {message.text}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
