/**
 * @jest-environment jsdom
 */
import type { PublicUser } from '@archlens/contracts/auth';
import { CLIPBOARD_STORAGE_KEY } from '@archlens/contracts/clipboard-text';
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { findToast, renderWithProviders } from '../../../testing/render-with-providers';
import { DeleteAccountDialog } from './DeleteAccountDialog';

type FetchArgs = [string, RequestInit];

/** `fetch` answering every call with `status` and the JSON `body`, as the gateway would. */
function answerWith(status: number, body: unknown) {
  const text = JSON.stringify(body);
  const fetchMock = jest.fn<(...args: FetchArgs) => Promise<unknown>>().mockImplementation(async () => ({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const user: PublicUser = {
  id: '7b0f3c52-8f7e-4c55-9c43-2f6f3f1f0d11',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  profile_image_url: null,
  emailVerified: true,
  passwordChangeRequired: false,
  subscription: null,
};

/** The dialog on /account, with the landing page beside it so that leaving for `/` shows. */
function renderDialog(onClose = jest.fn()) {
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/account" element={<DeleteAccountDialog open onClose={onClose} />} />
      <Route path="/" element={<p>Landing page</p>} />
    </Routes>,
    { route: '/account' },
  );
  rendered.queryClient.setQueryData(queryKeys.authUser, user);
  return rendered;
}

afterEach(() => window.localStorage.clear());

describe('the delete account dialog', () => {
  it('says what is deleted and what is kept, and asks for the password before sending anything', async () => {
    const fetchMock = answerWith(200, { deleted: true });
    const { user: typist } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByTestId('deleted-list')).toHaveTextContent('Your analyses, sketch readings and generated images');
    expect(within(dialog).getByTestId('deleted-list')).toHaveTextContent(
      'Your Pro subscription, cancelled at the end of the period you have paid for',
    );
    expect(within(dialog).getByTestId('kept-list')).toHaveTextContent('The credit records of your invoices');
    expect(within(dialog).getByTestId('kept-list')).toHaveTextContent('Analyses you emailed to others, as the message only');

    await typist.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the refusal of a wrong password in the dialog and keeps the user signed in', async () => {
    answerWith(403, { code: 'account.password-incorrect', message: 'That password is not correct. Nothing has been deleted.' });
    const { user: typist, queryClient } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await typist.type(within(dialog).getByLabelText('Password'), 'not-my-password');
    await typist.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not correct. Nothing has been deleted.');
    expect(screen.queryByText('Landing page')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.authUser)).toEqual(user);
  });

  it('on success sends the password, signs out, empties the clipboard and lands on the landing page with a toast', async () => {
    const fetchMock = answerWith(200, { deleted: true });
    window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, 'Notes for the canal house');
    const { user: typist, queryClient } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await typist.type(within(dialog).getByLabelText('Password'), 'correct-horse');
    await typist.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await findToast('Account Deleted')).toHaveTextContent('Your account and everything in it have been deleted.');
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/account');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(init.body as string)).toEqual({ password: 'correct-horse' });
    expect(queryClient.getQueryData(queryKeys.authUser)).toBeNull();
    expect(window.localStorage.getItem(CLIPBOARD_STORAGE_KEY)).toBeNull();
  });
});
