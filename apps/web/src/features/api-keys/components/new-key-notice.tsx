import type { CreatedApiKey } from '@tonemark/shared';
import { OneTimeSecretNotice } from '@/components/one-time-secret-notice';

/** The only time the full key is on screen: copy it, then dismiss. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <OneTimeSecretNotice
      title={<>Copy your new key “{created.name}” now</>}
      explanation="It is shown only this once: Tonemark keeps only a hash of it. Store it as a secret on your server."
      secret={created.key}
      noun="key"
      testId="new-api-key"
      onDone={onDone}
    />
  );
}
