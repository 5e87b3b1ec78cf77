/**
 * @jest-environment jsdom
 */
import type { ProjectSummary } from '@archlens/contracts/library';
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '../../../testing/render-with-providers';
import { AddToProjectButton } from './AddToProjectButton';

const ANALYSIS_ID = '6d1f3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d';
const p = (n: number, name: string, itemCount = 0): ProjectSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  createdAt: '2026-11-20T10:00:00.000Z',
  itemCount,
  thumbnailUrl: null,
});

/**
 * The projects routes of the gateway, kept in memory: what a user would see of them (names unique
 * per user, 409 with the server's message otherwise). Records each call as "METHOD path body".
 */
function fakeProjectsServer(initial: ProjectSummary[]) {
  const projects = [...initial];
  const filed = new Map<string, string>();
  const calls: string[] = [];
  // jsdom has no Response: the parts of one that the SPA's client reads.
  const json = (status: number, body: unknown) =>
    ({
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      json: () => Promise.resolve(body),
      text: () => Promise.resolve(JSON.stringify(body)),
    }) as Response;
  // The SPA's client calls fetch with a same-origin path string.
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    calls.push(`${method} ${path}${body ? ` ${body}` : ''}`);
    if (method === 'GET' && path === '/api/projects') return json(200, projects);
    if (method === 'POST' && path === '/api/projects') {
      const { name } = JSON.parse(body) as { name: string };
      if (projects.some((project) => project.name.toLowerCase() === name.toLowerCase()))
        return json(409, {
          code: 'project.name-taken',
          message: `You already have a project named "${name}". Choose another name.`,
          params: { name },
        });
      const created = p(projects.length + 1, name);
      projects.push(created);
      return json(201, created);
    }
    const fileMatch = /^\/api\/projects\/([^/]+)\/items$/.exec(path);
    if (method === 'PUT' && fileMatch) {
      const item = JSON.parse(body) as { type: string; id: string };
      filed.set(`${item.type}:${item.id}`, fileMatch[1]);
      return json(200, { ...item, projectId: fileMatch[1] });
    }
    const unfileMatch = /^\/api\/projects\/([^/]+)\/items\/([^/]+)\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && unfileMatch) {
      filed.delete(`${unfileMatch[2]}:${unfileMatch[3]}`);
      return json(200, { type: unfileMatch[2], id: unfileMatch[3], projectId: null });
    }
    return json(404, { code: 'not-found', message: 'Not found' });
  });
  globalThis.fetch = fetchMock;
  return { calls, filed };
}

describe('Add to project', () => {
  it('lists the projects, files the item in the one chosen, says so, and then marks it as current with a way to remove it', async () => {
    const server = fakeProjectsServer([p(1, 'Harbour Baths', 3), p(2, 'Mill Conversion', 1)]);
    const { user } = renderWithProviders(<AddToProjectButton type="analysis" id={ANALYSIS_ID} />);

    await user.click(screen.getByRole('button', { name: 'Add to project' }));
    const menu = await screen.findByRole('menu', { name: 'Projects' });
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-checked')])).toEqual([
      ['Harbour Baths3 items', 'false'],
      ['Mill Conversion1 item', 'false'],
    ]);
    expect(within(menu).queryByRole('menuitem', { name: 'Remove from project' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitemradio', { name: /Mill Conversion/ }));
    expect(await findToast('Added to Project')).toHaveTextContent('This analysis is now in “Mill Conversion”.');
    expect(server.calls).toContain(`PUT /api/projects/${p(2, '').id}/items {"type":"analysis","id":"${ANALYSIS_ID}"}`);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // The button now says where the item is; the menu marks it and offers to take it out.
    await user.click(await screen.findByRole('button', { name: 'In Mill Conversion' }));
    const again = await screen.findByRole('menu', { name: 'Projects' });
    expect(within(again).getByRole('menuitemradio', { name: /Mill Conversion/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(again).getByRole('menuitemradio', { name: /Mill Conversion/ })).toHaveTextContent('Current project');
    await user.click(within(again).getByRole('menuitem', { name: 'Remove from project' }));
    expect(await findToast('Removed from Project')).toHaveTextContent('This analysis is no longer in “Mill Conversion”.');
    expect(server.calls).toContain(`DELETE /api/projects/${p(2, '').id}/items/analysis/${ANALYSIS_ID}`);
    expect(server.filed.size).toBe(0);
    expect(await screen.findByRole('button', { name: 'Add to project' })).toBeInTheDocument();
  });

  it('moves an item already in a project to another with one choice', async () => {
    const server = fakeProjectsServer([p(1, 'Harbour Baths', 3), p(2, 'Mill Conversion', 1)]);
    const { user } = renderWithProviders(<AddToProjectButton type="generation" id={ANALYSIS_ID} projectId={p(1, '').id} compact />);

    await user.click(screen.getByRole('button', { name: 'Add to project' }));
    const menu = await screen.findByRole('menu', { name: 'Projects' });
    expect(within(menu).getByRole('menuitemradio', { name: /Harbour Baths/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /Mill Conversion/ }));
    expect(await findToast('Added to Project')).toHaveTextContent('This render is now in “Mill Conversion”.');
    expect(server.calls.filter((call) => !call.startsWith('GET'))).toEqual([
      `PUT /api/projects/${p(2, '').id}/items {"type":"generation","id":"${ANALYSIS_ID}"}`,
    ]);
  });

  it('makes a new project from the menu and files the item in it; a taken name is refused in the server’s words and nothing is filed', async () => {
    const server = fakeProjectsServer([p(1, 'Harbour Baths', 3)]);
    const { user } = renderWithProviders(<AddToProjectButton type="sketch-reading" id={ANALYSIS_ID} />);

    await user.click(screen.getByRole('button', { name: 'Add to project' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New project…' }));
    const name = screen.getByRole('textbox', { name: 'Name of the new project' });
    expect(name).toHaveFocus();

    // Blank: refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Create and add' }));
    expect(screen.getByText('Give the project a name.')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.type(name, 'harbour baths');
    await user.click(screen.getByRole('button', { name: 'Create and add' }));
    expect(await screen.findByText('You already have a project named "harbour baths". Choose another name.')).toBeInTheDocument();
    expect(server.filed.size).toBe(0);

    await user.clear(name);
    await user.type(name, '  Quayside Library {Enter}');
    expect(await findToast('Added to Project')).toHaveTextContent('This sketch reading is now in “Quayside Library”.');
    expect(server.calls).toContain('POST /api/projects {"name":"Quayside Library"}');
    expect(server.filed.get(`sketch-reading:${ANALYSIS_ID}`)).toBe(p(2, '').id);
    expect(await screen.findByRole('button', { name: 'In Quayside Library' })).toBeInTheDocument();
  });
});
