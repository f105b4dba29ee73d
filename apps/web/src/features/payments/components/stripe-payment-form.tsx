import { Lock } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CHECKOUT_TEXTS } from '../lib/payment-texts';
import { paymentReturnUrl } from '../lib/success-path';

// The few Stripe.js calls used here. Stripe.js must load from js.stripe.com (PCI), which is all the
// @stripe/stripe-js package does; typing the surface here avoids a dependency for one script tag.
interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: 'payment'): StripeElement;
}
interface StripeClient {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(CHECKOUT_TEXTS.notInitialized));
    document.head.appendChild(script);
  });
}

/** Stripe's Payment Element; on success Stripe itself redirects to /payment-success (SPEC §7). */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  payLabel,
  onFailed,
}: {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  onFailed: (message: string) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: StripeClient; elements: StripeElements } | null>(null);
  const [initError, setInitError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let element: StripeElement | undefined;
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !mountRef.current || !window.Stripe) throw new Error(CHECKOUT_TEXTS.notInitialized);
        const client = window.Stripe(publishableKey);
        const elements = client.elements({ clientSecret });
        element = elements.create('payment');
        element.mount(mountRef.current);
        setStripe({ client, elements });
      })
      .catch(() => !cancelled && setInitError(CHECKOUT_TEXTS.notInitialized));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, clientSecret]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe) {
      onFailed(CHECKOUT_TEXTS.notInitialized);
      return;
    }
    setPaying(true);
    const { error } = await stripe.client.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: paymentReturnUrl() },
    });
    // Only reached on failure: on success the browser is already on its way to the return URL.
    setPaying(false);
    onFailed(error?.message ?? CHECKOUT_TEXTS.unknownError);
  }

  if (initError) return <p className="text-sm font-medium text-red-600">{initError}</p>;
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <div ref={mountRef} className="min-h-32">
        {stripe ? null : <Spinner label="Loading the card form" />}
      </div>
      <Button type="submit" size="lg" disabled={!stripe || paying}>
        <Lock /> {paying ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
