import { render, screen, within } from '@testing-library/react';
import { EMPTY_ANALYTICS_SUMMARY } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { MetricCards } from './metric-cards';

const summary = {
  ...EMPTY_ANALYTICS_SUMMARY,
  activeTriggers: 1234,
  totalActivations: 56_789,
  successRate: 97.4,
  batteryImpact: 3.5,
  lastMonthTrends: { ...EMPTY_ANALYTICS_SUMMARY.lastMonthTrends, totalActivations: 12.5, batteryImpact: -2 },
};

const shownValue = (key: string) =>
  within(screen.getByTestId(`metric-${key}`)).getByTestId('metric-value').textContent;

describe('metric cards', () => {
  it('shows counts as counts and rates as percentages, each under its title', () => {
    render(<MetricCards summary={summary} isLoading={false} />);
    expect(shownValue('activeTriggers')).toBe('1,234');
    expect(shownValue('totalActivations')).toBe('56,789');
    expect(shownValue('successRate')).toBe('97.4%');
    expect(shownValue('batteryImpact')).toBe('3.5%');
    expect(within(screen.getByTestId('metric-successRate')).getByText('Success Rate')).toBeTruthy();
  });

  it('says how each metric moved since last month, battery good when it falls', () => {
    render(<MetricCards summary={summary} isLoading={false} />);
    const trend = (key: string) => within(screen.getByTestId(`metric-${key}`)).getByText(/month/);
    expect(trend('totalActivations').dataset.trend).toBe('good');
    expect(trend('batteryImpact').textContent).toBe('2.0% less than last month');
    expect(trend('batteryImpact').dataset.trend).toBe('good');
    expect(trend('activeTriggers').dataset.trend).toBe('neutral');
  });
});
