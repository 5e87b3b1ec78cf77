import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SignInDialogProvider } from '../features/auth/components/SignInDialogProvider';
import { WorkingClipboardProvider } from '../features/working-clipboard/components/WorkingClipboardProvider';
import { ToastContent, ToastRegion } from '../shared/toast';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import { theme } from './theme';

const toastComponents = {
  default: ToastContent,
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
};

/**
 * The SPA root: the query client (spec §7, §9 defaults), MUI theme, toasts (spec §9: one at a time,
 * 5000 ms, in the region labelled 'Notification' that F8 focuses; swiped right to dismiss) and routes.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  // The toasts' region (`ToastRegion`); notistack renders into it once it is in the page.
  const [toastRegion, setToastRegion] = useState<HTMLElement | null>(null);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* Spec §9: at most one toast at a time, shown for 5000 ms. */}
      <SnackbarProvider
        maxSnack={1}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        Components={toastComponents}
        domRoot={toastRegion ?? undefined}
      >
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SignInDialogProvider>
              <WorkingClipboardProvider>
                <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
                  <AppRoutes />
                </Box>
              </WorkingClipboardProvider>
            </SignInDialogProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </SnackbarProvider>
      <ToastRegion onRegion={setToastRegion} />
    </ThemeProvider>
  );
}
