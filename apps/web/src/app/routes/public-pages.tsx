import { BookOpen, CircleCheck, CreditCard, Headphones, Link2, Tag } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { PublicLayout } from '@/components/layouts/public-layout';

// Public screens that later issues build. Each says plainly that it is not built yet.

export function ListenerRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="Sound Trigger Listener"
        icon={Headphones}
        description="It will listen through your microphone and run a trigger's action when it hears one."
        features={[
          'Start/Stop Listening with a 24-bar audio visual',
          'Recent detections (latest 10) and a how-it-works explainer',
          'Background mode shown as Available or Enabled',
        ]}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}

export function ApiDocsRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="API Documentation"
        icon={BookOpen}
        description="It will document the public REST API, which needs an API key in the X-API-Key header."
        features={[
          'Triggers, Activations, Analytics and Webhooks tabs',
          'SDK cards for JavaScript/React, Swift (iOS) and Java/Kotlin (Android)',
          'Contact for Enterprise Access',
        ]}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}

export function NavTestRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="Navigation Test"
        icon={Link2}
        description="It will check that links to /, /admin and /listener work every way they can be opened."
        features={['Absolute and relative links', 'Direct page loads', 'New-tab links and window.open']}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}

export function PricingRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="Pricing"
        icon={Tag}
        description="It will list the plans with monthly or yearly billing."
        features={[
          "A monthly/yearly toggle with a 'Save 20%' badge",
          'Plan cards with trigger and storage limits',
        ]}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}

export function CheckoutRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="Checkout"
        icon={CreditCard}
        description="It will take a card payment for the chosen plan."
        features={['Order amount from the link', 'A secure card payment form']}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}

export function PaymentSuccessRoute() {
  return (
    <PublicLayout>
      <ComingSoon
        title="Payment Success"
        icon={CircleCheck}
        description="It will confirm a completed payment."
        features={['Transaction ID, date and status', 'View Dashboard and Create New Trigger buttons']}
        backTo="/landing"
        backLabel="Back to Home"
      />
    </PublicLayout>
  );
}
