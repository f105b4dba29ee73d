import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowList } from './row-list';

function show(query: { isPending: boolean; isError: boolean; data: string[] | undefined }) {
  render(
    <RowList query={query} things="API keys">
      {(item) => <li key={item}>{item}</li>}
    </RowList>,
  );
}

describe('row list', () => {
  it('says what loads, and what failed', () => {
    show({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading your API keys' })).toBeTruthy();
    show({ isPending: false, isError: true, data: undefined });
    expect(screen.getByText('Your API keys could not be loaded.')).toBeTruthy();
  });

  it('shows the dashed note instead of an empty list', () => {
    show({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('No API keys yet.').className).toContain('border-dashed');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('names the list and renders a row per item', () => {
    show({ isPending: false, isError: false, data: ['ci', 'prod'] });
    const list = screen.getByRole('list', { name: 'Your API keys' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['ci', 'prod']);
  });
});
