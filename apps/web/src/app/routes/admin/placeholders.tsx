import { ChartColumn, LifeBuoy } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

// Admin screens that later issues build. Each says plainly that it is not built yet.

export function AnalyticsRoute() {
  return (
    <ComingSoon
      title="Analytics"
      icon={ChartColumn}
      description="It will break down activations by day, device and campaign."
      features={[
        'Activation trends with date ranges and device filters',
        'Device compatibility and battery impact details',
        'CSV export of activations',
      ]}
    />
  );
}

export function HelpRoute() {
  return (
    <ComingSoon
      title="Help & Support"
      icon={LifeBuoy}
      description="It will collect guides and ways to reach the team."
      features={['Getting-started guides', 'Frequently asked questions', 'Contact support']}
    />
  );
}
