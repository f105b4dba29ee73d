import { BookOpen } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';
import { PublicLayout } from '@/components/layouts/public-layout';

// Public screens that later issues build. Each says plainly that it is not built yet.

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
