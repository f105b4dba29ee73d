// The pricing screens' words (SPEC §2.17, §8).

export const PRICING_TEXTS = {
  loadFailed: 'Failed to load pricing information. Please try again.',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionErrorText: 'There was an error creating your subscription. Please try again.',
  planSelectedTitle: 'Plan Selected',
  saveBadge: 'Save 20%',
} as const;
