import type { RegisteredWebhook } from '@tonemark/shared';
import { OneTimeSecretNotice } from '@/components/one-time-secret-notice';

/** The only time the signing secret is on screen: the receiver needs it to verify deliveries. */
export function NewWebhookSecretNotice({
  created,
  onDone,
}: {
  created: RegisteredWebhook;
  onDone: () => void;
}) {
  return (
    <OneTimeSecretNotice
      title="Copy the signing secret now"
      explanation={
        <>
          For <span className="font-medium break-all">{created.url}</span>. It is shown only this once; your
          receiver uses it to check the <code>webhook-signature</code> header of each delivery.
        </>
      }
      secret={created.secret}
      noun="secret"
      testId="new-webhook-secret"
      onDone={onDone}
    />
  );
}
