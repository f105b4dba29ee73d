import { sandboxCardSchema } from '@tonemark/shared';
import { FlaskConical, Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { formatCardNumber, formatExpiry } from '../lib/card-format';
import { CHECKOUT_TEXTS } from '../lib/payment-texts';

export interface PaymentOutcome {
  paymentIntentId: string;
}

export interface SandboxCardFormProps {
  clientSecret: string;
  payLabel: string;
  onSucceeded: (outcome: PaymentOutcome) => void;
  onFailed: (message: string) => void;
}

/** The offline provider's card form: Stripe's test cards, checked here and again on the server. */
export function SandboxCardForm({ clientSecret, payLabel, onSucceeded, onFailed }: SandboxCardFormProps) {
  const id = useId();
  const confirm = useConfirmSandboxPayment();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sandboxCardSchema.safeParse(card);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    confirm.mutate(
      { clientSecret, card },
      {
        onSuccess: (result) => onSucceeded({ paymentIntentId: result.paymentIntentId }),
        onError: (error) => {
          if (error instanceof ApiError) {
            const fields = Object.fromEntries(
              Object.entries(error.fields).map(([key, text]) => [key.replace(/^card\./, ''), text]),
            );
            setErrors(fields);
            onFailed(error.serverMessage || CHECKOUT_TEXTS.unknownError);
          } else {
            onFailed(CHECKOUT_TEXTS.unknownError);
          }
        },
      },
    );
  }

  const field = (name: 'number' | 'expiry' | 'cvc') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="sandbox-card-form">
      <div
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
        data-testid="sandbox-label"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">{CHECKOUT_TEXTS.sandboxLabel}</p>
          <p>
            Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
            insufficient funds. Any future expiry and any CVC.
          </p>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <Input
          {...field('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
        />
        <FieldError id={`${id}-number-error`} message={errors.number} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expiry`}>Expiry</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
          />
          <FieldError id={`${id}-expiry-error`} message={errors.expiry} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            {...field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '') })}
          />
          <FieldError id={`${id}-cvc-error`} message={errors.cvc} />
        </div>
      </div>
      <Button type="submit" size="lg" disabled={confirm.isPending} data-testid="pay-button">
        <Lock /> {confirm.isPending ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
