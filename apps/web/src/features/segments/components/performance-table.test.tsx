import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerformanceTable } from './performance-table';

const rows = [
  { key: 1, name: 'Spring launch', activations: 12_500, conversions: 250, conversionRate: 2 },
  { key: 2, name: 'Phones', activations: 3, conversions: 0, conversionRate: 0 },
];

describe('performance table', () => {
  it('shows each row under the same headers, figures right-aligned beside the name', () => {
    render(<PerformanceTable rows={rows} label="Campaign" empty="No activity." testId="perf" />);
    const table = screen.getByTestId('perf');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Campaign', 'Activations', 'Conversions', 'Rate']);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(first)).toEqual(['Spring launch', '12,500', '250', '2.0 %']);
    expect(cells(second)).toEqual(['Phones', '3', '0', '0.0 %']);
    // Header and cell of a figure share their edge: the last column pads only on its left.
    const lastHeader = within(table).getByRole('columnheader', { name: 'Rate' });
    const lastCell = within(first as HTMLElement).getByText('2.0 %');
    for (const edge of [lastHeader, lastCell]) {
      expect(edge.className).toContain('pl-3');
      expect(edge.className).not.toContain('px-3');
      expect(edge.className).toContain('text-right');
    }
  });

  it('says so when there is nothing to show, with no table', () => {
    render(<PerformanceTable rows={[]} label="Segment" empty="No activation has matched." testId="perf" />);
    expect(screen.getByText('No activation has matched.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
