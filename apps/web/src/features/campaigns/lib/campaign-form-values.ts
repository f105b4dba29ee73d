import { CAMPAIGN_STATUSES, type Campaign, type CampaignStatus } from '@tonemark/shared';

export interface CampaignFormValues {
  name: string;
  description: string;
  status: CampaignStatus;
}

export function isCampaignStatus(value: string): value is CampaignStatus {
  return (CAMPAIGN_STATUSES as readonly string[]).includes(value);
}

/**
 * What the form starts from each time it opens: the campaign as it is now (it may have been
 * archived or edited since the page loaded), or a blank active campaign.
 */
export function campaignFormValues(campaign?: Campaign): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    status: campaign?.status ?? 'active',
  };
}

/** A field's message goes away as soon as the user changes that field. */
export function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest;
}
