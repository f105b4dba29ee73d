import {
  ChartColumn,
  Film,
  LifeBuoy,
  Megaphone,
  Scissors,
  Settings,
  Smartphone,
  Upload,
  WandSparkles,
} from 'lucide-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

// Admin screens that later issues build. Each says plainly that it is not built yet.

export function UnifiedTriggerRoute() {
  return (
    <ComingSoon
      title="All-in-One Creator"
      icon={WandSparkles}
      description="It will take you from a media file to an embedded trigger in one guided flow."
      features={[
        'Upload Media, Create Trigger, Embed Trigger and Complete steps with a progress indicator',
        'Import media from a file or a URL, title prefilled from its name',
        'Links to View All Triggers and Go to Dashboard when done',
      ]}
    />
  );
}

export function MobileSimulatorRoute() {
  return (
    <ComingSoon
      title="Mobile Simulator"
      icon={Smartphone}
      description="It will let you test trigger detection in the browser as a phone would."
      features={[
        'Start/Stop Listening with an Active/Inactive badge and a microphone-access notice',
        'Detected Triggers list (latest 10)',
        'Available Triggers with a test button each',
      ]}
    />
  );
}

export function CampaignsRoute() {
  return (
    <ComingSoon
      title="Campaigns"
      icon={Megaphone}
      description="It will group triggers into marketing campaigns."
      features={[
        "A 'Your Campaigns' grid with name, description, status and created date",
        'Campaign Analytics, A/B Testing and Audience Segmentation feature cards',
      ]}
    />
  );
}

export function CampaignDetailRoute() {
  const { id } = useParams();
  return (
    <ComingSoon
      title={`Campaign ${id ?? ''}`.trim()}
      icon={Megaphone}
      description="It will show one campaign's triggers and results."
      features={[
        'Campaign details and status',
        'The triggers in the campaign',
        'Activation and conversion results',
      ]}
      backTo="/admin/campaigns"
      backLabel="Back to Campaigns"
    />
  );
}

export function EmbedTriggerRoute() {
  return (
    <ComingSoon
      title="Embed in Media"
      icon={Film}
      description="It will mix a trigger's tones into your audio or video at a chosen time."
      features={[
        "'URL-based Media' and 'Upload Media File' tabs (direct file URLs; YouTube is unsupported)",
        'Trigger select and start time',
        "A result card and a 'How Embedding Works' explainer",
      ]}
    />
  );
}

export function SegmentEmbeddingRoute() {
  return (
    <ComingSoon
      title="Process Segment"
      icon={Scissors}
      description="It will cut a short segment of your media and place a trigger inside it."
      features={[
        "'Media URL' and 'Upload File' tabs with a local preview",
        'Segment start, duration and trigger position with a visualization',
        "A result card with player, download, copy-link and 'Test with Listener'",
      ]}
    />
  );
}

export function MediaManagementRoute() {
  return (
    <ComingSoon
      title="Media Management"
      icon={Upload}
      description="It will keep your media library in one place."
      features={[
        'A library list with an Upload Media dialog',
        'Preview, Extract Segment and Embed Trigger tabs for each item',
      ]}
    />
  );
}

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

export function SettingsRoute() {
  return (
    <ComingSoon
      title="Account Settings"
      icon={Settings}
      description="It will let you manage your profile, password and notifications."
      features={['Profile and password', 'Notification preferences', 'API keys and subscription']}
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
