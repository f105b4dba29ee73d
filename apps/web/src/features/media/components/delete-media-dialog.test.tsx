import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAccountPlan } from '@/features/account';
import { mediaFile } from '@/test/media-file';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { useMediaPage } from '../api/get-media-files';
import { DeleteMediaDialog } from './delete-media-dialog';
import { MediaSegmentsList } from './media-segments-list';

const file = mediaFile({ id: 7, title: 'Summer jingle' });

/** The part of Media Management at stake: the selected item's panel shows while the page holds it. */
function SelectedItem() {
  const media = useMediaPage(1, '');
  // The storage meter over the library reads the plan.
  useAccountPlan();
  const selected = media.data?.items.find((item) => item.id === file.id);
  if (!selected) return <p>Nothing selected</p>;
  return (
    <section data-testid="media-detail">
      <DeleteMediaDialog file={selected} />
      <MediaSegmentsList mediaId={selected.id} />
    </section>
  );
}

/** GET /api/subscriptions/current as an admin's: the storage used is the library's bytes. */
function plan(deleted: boolean) {
  return {
    tier: 'free',
    planName: 'Free',
    status: 'free',
    billingPeriod: null,
    currentPeriodEnd: null,
    triggerLimit: null,
    activeTriggers: 0,
    isDefault: true,
    unlimitedAsAdmin: true,
    subscriptionId: null,
    cancelAtPeriodEnd: false,
    storage: { usedBytes: deleted ? 0 : file.size, limitBytes: null },
  };
}

let requests: { method: string; path: string }[];

beforeEach(() => {
  let deleted = false;
  ({ requests } = stubFetch((method, path) => {
    if (method === 'GET' && path === '/api/media') {
      const items = deleted ? [] : [file];
      return { body: { items, total: items.length, page: 1, pageSize: 20, pageCount: 1 } };
    }
    if (method === 'GET' && path === '/api/subscriptions/current') return { body: plan(deleted) };
    if (method === 'GET' && path === '/api/media/7/segments') return deleted ? undefined : { body: [] };
    if (method === 'DELETE' && path === '/api/media/7') {
      deleted = true;
      return { status: 204, body: null };
    }
    return undefined;
  }));
});

describe('delete media dialog', () => {
  it('says "Media deleted", asks for the storage used again and never for what the item showed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<SelectedItem />);
    expect(await screen.findByText('No segments yet. Extract one above.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Summer jingle' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Media deleted')).toBeInTheDocument();
    expect(screen.getByText('"Summer jingle" was removed from your library.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('media-detail')).not.toBeInTheDocument());
    // The segments of a deleted item answer 404: asking again would raise an error notice that
    // could replace "Media deleted" (one notice at a time).
    const calls = requests.map(({ method, path }) => `${method} ${path}`);
    const afterDelete = calls.slice(calls.indexOf('DELETE /api/media/7') + 1);
    expect(afterDelete).toContain('GET /api/media');
    expect(afterDelete).toContain('GET /api/subscriptions/current');
    expect(afterDelete).not.toContain('GET /api/media/7/segments');
    expect(screen.queryByText('Failed to load media segments')).not.toBeInTheDocument();
  });
});
