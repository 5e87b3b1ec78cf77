/**
 * @jest-environment jsdom
 */
import type { LibraryPage, ProjectSummary } from '@archlens/contracts/library';
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { LibraryBrowser } from './LibraryBrowser';

const PROJECT: ProjectSummary = {
  id: '3f0c9a1e-5b7d-4c2a-9e8f-1a2b3c4d5e6f',
  name: 'Harbour Baths',
  createdAt: '2026-11-20T10:00:00.000Z',
  itemCount: 1,
  thumbnailUrl: null,
};
const RENDER_ID = '6d1f3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d';
const PAGE: LibraryPage = {
  items: [
    {
      type: 'generation',
      id: RENDER_ID,
      createdAt: '2026-11-24T10:30:00.000Z',
      title: 'Board-marked concrete, deep window reveals',
      tags: ['openai'],
      thumbnailUrl: null,
      project: { id: PROJECT.id, name: PROJECT.name },
    },
  ],
  page: 1,
  pageSize: 24,
  total: 1,
};

/** The address the router is at, shown so that a test can read what the page wrote into it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** `GET /api/library` (always the same page) and `GET /api/projects`; records the library queries asked for. */
function fakeLibraryServer() {
  const libraryQueries: string[] = [];
  const json = (body: unknown) =>
    ({ ok: true, status: 200, statusText: '', json: () => Promise.resolve(body), text: () => Promise.resolve('') }) as Response;
  globalThis.fetch = jest.fn<typeof fetch>((input) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (path.startsWith('/api/library?')) {
      libraryQueries.push(path.slice('/api/library?'.length));
      return Promise.resolve(json(PAGE));
    }
    return Promise.resolve(json([PROJECT]));
  });
  return libraryQueries;
}

describe('the library keeps its view in the address', () => {
  it('opens a shared link on the view it names, and asks the API for exactly that', async () => {
    const queries = fakeLibraryServer();
    renderWithProviders(
      <>
        <LibraryBrowser />
        <Address />
      </>,
      { route: `/library?type=generation&project=${PROJECT.id}&q=concrete&sort=oldest` },
    );

    expect(await screen.findByTestId('library-item')).toBeInTheDocument();
    expect(queries).toEqual([`type=generation&projectId=${PROJECT.id}&q=concrete&sort=oldest&page=1`]);
    expect(screen.getByRole('button', { name: 'Renders' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Search the library' })).toHaveValue('concrete');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('oldest');
    // The card links to its page; its project chip names the project.
    const card = screen.getByTestId('library-item');
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/library/generations/${RENDER_ID}`);
    expect(within(card).getByRole('button', { name: 'Project: Harbour Baths' })).toBeInTheDocument();
  });

  it('writes each change into the address: the type at once, the search once typing pauses, the project from the list', async () => {
    const queries = fakeLibraryServer();
    const { user } = renderWithProviders(
      <>
        <LibraryBrowser />
        <Address />
      </>,
      { route: '/library' },
    );
    await screen.findByTestId('library-item');
    expect(queries).toEqual(['sort=newest&page=1']);

    await user.click(screen.getByRole('button', { name: 'Analyses' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/library\?type=analysis$/);

    await user.type(screen.getByRole('textbox', { name: 'Search the library' }), 'brick arches');
    // Not one request per keystroke: the search is sent once, after the pause.
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/library\?type=analysis&q=brick\+arches$/));
    expect(queries.filter((query) => query.includes('q='))).toEqual(['type=analysis&q=brick+arches&sort=newest&page=1']);

    await user.click(screen.getByRole('button', { name: /^Harbour Baths/ }));
    expect(screen.getByTestId('address')).toHaveTextContent(`/library?type=analysis&project=${PROJECT.id}&q=brick+arches`);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('address')).toHaveTextContent(`/library?project=${PROJECT.id}&q=brick+arches`);
  });
});
