import '@testing-library/jest-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { ToastContent } from '../shared/toast';

/**
 * The app's theme with its animations off (no transitions, no ripples), so that no animation's
 * timer fires between a test's steps, outside React's act().
 */
const testTheme = createTheme(theme, {
  transitions: {
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

const toastComponents = {
  default: ToastContent,
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
};

export interface RenderWithProvidersResult extends RenderResult {
  /** A user-event session; its `navigator.clipboard` stand-in is the one the components use. */
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders `ui` inside the providers the SPA's root gives every screen: the MUI theme (without
 * animations), toasts as the app shows them (one at a time, each an Alert with its title), the
 * app's query client and a router at `route`. There is no network: a query that reaches `fetch`
 * fails.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderWithProvidersResult {
  // Set up before rendering, so that the components see user-event's clipboard.
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={testTheme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={1} autoHideDuration={5000} transitionDuration={0} Components={toastComponents}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
  const options: Omit<RenderOptions, 'queries'> = { wrapper };
  return { user, queryClient, ...render(ui, options) };
}

/**
 * Waits for the toast titled `title` (an Alert: role `alert` for an error, `status` otherwise).
 * It is found while a modal dialog is open too, when MUI hides the rest of the page, toasts
 * included, from the accessibility tree.
 */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = [...screen.queryAllByRole('status', { hidden: true }), ...screen.queryAllByRole('alert', { hidden: true })];
    const toast = toasts.find((element) => element.textContent?.startsWith(title));
    if (!toast)
      throw new Error(`No toast titled '${title}'; shown: ${toasts.map((element) => `'${element.textContent}'`).join(', ') || 'none'}`);
    return toast;
  });
}
