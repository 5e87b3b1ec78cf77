/**
 * @jest-environment jsdom
 */
import { jest } from '@jest/globals';
import type { ShareSummary } from '@archlens/contracts/library';
import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '../../../testing/render-with-providers';
import { ShareDialog } from './ShareDialog';

const ITEM = '11111111-1111-4111-8111-111111111111';
const OTHER_ITEM = '22222222-2222-4222-8222-222222222222';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const EXPIRES = '2026-12-04T10:30:00.000Z';

/** A share of the user's, as `GET /api/shares` lists it. */
function share(id: string, itemId: string, createdAt: string, type: ShareSummary['type'] = 'analysis'): ShareSummary {
  return { id, type, itemId, title: 'A tall, strictly symmetrical frontage…', createdAt, expiresAt: EXPIRES };
}

/** The answer of a fake `fetch`: what `apiRequest` reads of a `Response`. */
function answer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: {},
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  } as unknown as Response;
}

/**
 * A fake share API holding the user's live links: `GET /api/shares`, `POST /api/shares` (adds one)
 * and `DELETE /api/shares/{id}` (removes it). Every request is recorded as "METHOD path body".
 */
function fakeShareApi(initial: ShareSummary[], { failRevoke = false } = {}) {
  let live = [...initial];
  const calls: string[] = [];
  const fetch = jest.fn<typeof globalThis.fetch>((input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`);
    if (method === 'GET' && path === '/api/shares') return Promise.resolve(answer(200, live));
    if (method === 'POST' && path === '/api/shares') {
      live = [...live, share('33333333-3333-4333-8333-333333333333', ITEM, '2026-11-27T10:30:00.000Z')];
      return Promise.resolve(answer(201, { url: `/s/${TOKEN}`, expiresAt: EXPIRES }));
    }
    if (method === 'DELETE' && path.startsWith('/api/shares/')) {
      if (failRevoke) return Promise.resolve(answer(503, { code: 'service.unavailable', message: 'Try again shortly.' }));
      live = live.filter((entry) => `/api/shares/${entry.id}` !== path);
      return Promise.resolve(answer(200, { deleted: true }));
    }
    return Promise.resolve(answer(404, { code: 'not-found', message: 'Not found.' }));
  });
  globalThis.fetch = fetch;
  return { calls };
}

function renderDialog() {
  const onClose = jest.fn<() => void>();
  const rendered = renderWithProviders(<ShareDialog type="analysis" id={ITEM} open onClose={onClose} />);
  return { ...rendered, onClose, dialog: screen.getByRole('dialog', { name: 'Share this analysis' }) };
}

describe('ShareDialog', () => {
  it('says plainly who can see what, and creates a 7-day link shown in full with the date it stops working', async () => {
    const { calls } = fakeShareApi([]);
    const { user, dialog } = renderDialog();

    expect(within(dialog).getByTestId('share-warning')).toHaveTextContent(
      'Anyone with the link can see this item’s text and images, without signing in, until the link expires or you revoke it.',
    );
    const days = within(dialog).getByRole('spinbutton', { name: 'Link works for' });
    expect(days).toHaveValue(7);
    expect(await within(dialog).findByTestId('live-shares-empty')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(link).toHaveValue(`${window.location.origin}/s/${TOKEN}`);
    expect(within(dialog).getByTestId('created-share-expiry')).toHaveTextContent('Stops working on 4 Dec 2026');
    expect(calls).toContain(`POST /api/shares ${JSON.stringify({ type: 'analysis', id: ITEM, expiresInDays: 7 })}`);
    await findToast('Link Created');
    // The new link joins the item's live links.
    expect(await within(dialog).findAllByTestId('live-share')).toHaveLength(1);

    // Copy puts the full link on the clipboard.
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/s/${TOKEN}`);
  });

  it('takes 1 to 30 whole days and refuses anything else before asking the server', async () => {
    const { calls } = fakeShareApi([]);
    const { user, dialog } = renderDialog();
    const days = within(dialog).getByRole('spinbutton', { name: 'Link works for' });
    const create = within(dialog).getByRole('button', { name: 'Create link' });

    for (const wrong of ['0', '31', '2.5']) {
      await user.clear(days);
      await user.type(days, wrong);
      expect(create).toBeDisabled();
      expect(within(dialog).getByText('Choose a whole number of days from 1 to 30.')).toBeInTheDocument();
    }
    await user.clear(days);
    await user.type(days, '30');
    expect(create).toBeEnabled();
    await user.click(create);
    await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      `POST /api/shares ${JSON.stringify({ type: 'analysis', id: ITEM, expiresInDays: 30 })}`,
    ]);
  });

  it("lists only this item's live links, and revokes one after confirming, with a toast", async () => {
    const first = share('44444444-4444-4444-8444-444444444444', ITEM, '2026-11-20T09:00:00.000Z');
    const second = share('55555555-5555-4555-8555-555555555555', ITEM, '2026-11-21T09:00:00.000Z');
    const { calls } = fakeShareApi([
      second,
      share('66666666-6666-4666-8666-666666666666', OTHER_ITEM, '2026-11-22T09:00:00.000Z'),
      // Another kind of item with the same id is not this one.
      share('77777777-7777-4777-8777-777777777777', ITEM, '2026-11-23T09:00:00.000Z', 'generation'),
      first,
    ]);
    const { user, dialog } = renderDialog();

    const listed = await within(dialog).findAllByTestId('live-share');
    expect(listed.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Created 20 Nov 2026'),
      expect.stringContaining('Created 21 Nov 2026'),
    ]);

    // Keep it: nothing is revoked.
    await user.click(within(listed[0]).getByRole('button', { name: /^Revoke the link created 20 Nov 2026/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke this link?' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(within(listed[0]).getByRole('button', { name: /^Revoke the link created 20 Nov 2026/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));

    await findToast('Link Revoked');
    expect(calls).toContain(`DELETE /api/shares/${first.id}`);
    await waitFor(() => expect(within(dialog).getAllByTestId('live-share')).toHaveLength(1));
    expect(within(dialog).getByTestId('live-share')).toHaveTextContent('Created 21 Nov 2026');
  });

  it('says so when a revoke fails, and keeps the link listed', async () => {
    const only = share('44444444-4444-4444-8444-444444444444', ITEM, '2026-11-20T09:00:00.000Z');
    fakeShareApi([only], { failRevoke: true });
    const { user, dialog } = renderDialog();

    await user.click(await within(dialog).findByRole('button', { name: /^Revoke the link created/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));

    await findToast('Revoke Failed');
    expect(within(dialog).getAllByTestId('live-share')).toHaveLength(1);
  });
});
