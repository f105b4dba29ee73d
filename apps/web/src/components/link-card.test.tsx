import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkCard } from './link-card';

describe('link card', () => {
  it('is one link to the item, named by its heading, with the badges and the body inside', () => {
    render(
      <MemoryRouter>
        <LinkCard to="/admin/ab-tests/7" name="Summer landing page" badges={<span>Draft</span>} testId="card">
          <p>Summer radio · 2 variants (60 % / 40 %)</p>
        </LinkCard>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/admin/ab-tests/7');
    expect(link.getAttribute('data-testid')).toBe('card');
    expect(within(link).getByRole('heading', { name: 'Summer landing page' })).toBeTruthy();
    expect(within(link).getByText('Draft')).toBeTruthy();
    expect(within(link).getByText('Summer radio · 2 variants (60 % / 40 %)')).toBeTruthy();
  });
});
