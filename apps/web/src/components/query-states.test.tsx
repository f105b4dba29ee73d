import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryStates } from './query-states';

const texts = {
  loading: 'Loading receipts',
  failed: 'The receipts could not be loaded.',
};

function show(query: { isPending: boolean; isError: boolean; data: string[] | undefined }) {
  render(
    <QueryStates query={query} texts={texts} empty="No payments yet." isEmpty={(data) => data.length === 0}>
      {(data) => (
        <ul>
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('query states', () => {
  it('shows the spinner while the list loads', () => {
    show({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading receipts' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the failure line when the list could not be loaded', () => {
    show({ isPending: false, isError: true, data: undefined });
    expect(screen.getByText('The receipts could not be loaded.')).toBeTruthy();
  });

  it('shows the empty line for an empty list', () => {
    show({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('No payments yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the items through its children', () => {
    show({ isPending: false, isError: false, data: ['R-1', 'R-2'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['R-1', 'R-2']);
    expect(screen.queryByText('No payments yet.')).toBeNull();
  });

  it('shows small states for a nested list when compact', () => {
    render(
      <QueryStates compact query={{ isPending: true, isError: false, data: undefined }} texts={texts}>
        {() => null}
      </QueryStates>,
    );
    expect(screen.getByRole('status', { name: 'Loading receipts' }).parentElement?.textContent?.trim()).toBe(
      'Loading receipts…',
    );
  });
});
