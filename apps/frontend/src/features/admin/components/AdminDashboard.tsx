import { LEAD_SOURCES, LEADS_PAGE_SIZE, type LeadSortColumn, type LeadSource } from '@archlens/contracts/leads';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import QueueOutlined from '@mui/icons-material/QueueOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { isRefusal } from '../../../api/client';
import { saveFile } from '../../../api/download';
import { toast } from '../../../shared/toast';
import { readAdminToken, removeAdminToken } from '../admin-token';
import { adminApi } from '../api/admin-api';
import { ADMIN_TEXTS as T } from '../texts';
import { LeadsPerWeekChart } from './LeadsPerWeekChart';
import { LeadStatsCards } from './LeadStatsCards';
import { LeadsTable } from './LeadsTable';

/** How long the search waits after the last keystroke before it asks the server, in ms. */
const SEARCH_DEBOUNCE_MS = 300;

const isRefusedToken = (error: unknown) => isRefusal(error, 'admin.unauthorized', 401);

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * /admin (spec §2, §4, §6): with no stored token, /admin-login; otherwise the token is verified and
 * the dashboard shows; any refusal of the token removes it and returns to /admin-login.
 */
export function AdminDashboard() {
  const token = readAdminToken();
  if (!token) return <Navigate to="/admin-login" replace />;
  return <Dashboard token={token} />;
}

function Dashboard({ token }: { token: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<LeadSource | ''>('');
  const [sortBy, setSortBy] = useState<LeadSortColumn>('created_at');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LEADS_PAGE_SIZE.default);
  const [exporting, setExporting] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = { search: debouncedSearch || undefined, source: source || undefined, sortBy, sortOrder };

  const leaveDashboard = useCallback(
    (notice: 'loggedOut' | 'loggedOutHere' | 'sessionEnded') => {
      removeAdminToken();
      if (notice === 'loggedOut') toast({ title: T.loggedOutTitle, description: T.loggedOut, variant: 'info' });
      else if (notice === 'loggedOutHere') toast({ title: T.loggedOutTitle, description: T.loggedOutHere, variant: 'warning' });
      else toast({ title: T.sessionEndedTitle, description: T.sessionEnded, variant: 'warning' });
      void navigate('/admin-login', { replace: true });
    },
    [navigate],
  );

  const verify = useQuery({
    queryKey: ['admin', 'verify', token],
    queryFn: ({ signal }) => adminApi.verify(token, signal),
    retry: false,
    meta: { ignoreUnauthorised: true },
  });
  const stats = useQuery({
    queryKey: ['admin', 'stats', token],
    queryFn: ({ signal }) => adminApi.stats(token, signal),
    enabled: verify.isSuccess,
    retry: false,
    meta: { ignoreUnauthorised: true },
  });
  const leads = useQuery({
    queryKey: ['admin', 'leads', token, filters, page, pageSize],
    queryFn: ({ signal }) => adminApi.leads(token, { ...filters, page: page + 1, pageSize }, signal),
    enabled: verify.isSuccess,
    retry: false,
    placeholderData: keepPreviousData,
    meta: { ignoreUnauthorised: true },
  });

  const refused = [verify.error, stats.error, leads.error].some(isRefusedToken);
  useEffect(() => {
    if (refused) leaveDashboard('sessionEnded');
  }, [refused, leaveDashboard]);

  const sort = (column: LeadSortColumn) => {
    if (column === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(column);
      setSortOrder(column === 'created_at' ? 'desc' : 'asc');
    }
    setPage(0);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await adminApi.exportCsv(token, filters);
      saveFile(file);
      toast({ title: T.exportedTitle, description: T.exported(file.fileName), variant: 'success' });
    } catch (error) {
      if (isRefusedToken(error)) leaveDashboard('sessionEnded');
      else toast({ title: T.exportFailedTitle, description: T.exportFailed, variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  /**
   * Logout (spec §4: removes the token): the server revokes the token first, so a copy of it is of no
   * use either; the token is removed from this browser whatever the server answers. A token the
   * server already refuses has nothing left to revoke.
   */
  const logout = async () => {
    setLoggingOut(true);
    try {
      await adminApi.logout(token);
      leaveDashboard('loggedOut');
    } catch (error) {
      leaveDashboard(isRefusedToken(error) ? 'loggedOut' : 'loggedOutHere');
    }
  };

  /**
   * Opens the queue dashboard in a new tab: the tab is opened at the click (so no
   * pop-up blocker stops it), the admin token buys the dashboard's cookie, then the tab goes there.
   */
  const openQueues = async () => {
    const tab = window.open('', '_blank');
    try {
      const session = await adminApi.queuesSession(token);
      if (tab) {
        tab.opener = null;
        tab.location.href = session.dashboardPath;
      } else window.open(session.dashboardPath, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      if (isRefusedToken(error)) leaveDashboard('sessionEnded');
      else toast({ title: T.queuesFailedTitle, description: T.queuesFailed, variant: 'error' });
    }
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, gap: 2, mb: 3 }}
      >
        <Box>
          <Typography variant="h1">{T.dashboardTitle}</Typography>
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {T.dashboardIntro}
            {verify.data && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                {T.signedInAs(verify.data.username)}
              </Box>
            )}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<QueueOutlined />} onClick={() => void openQueues()}>
            {T.queues}
          </Button>
          <Button variant="outlined" color="secondary" startIcon={<LogoutOutlined />} disabled={loggingOut} onClick={() => void logout()}>
            {T.logout}
          </Button>
        </Stack>
      </Stack>

      <Stack spacing={3}>
        <LeadStatsCards stats={stats.data} />
        {stats.data && <LeadsPerWeekChart weeks={stats.data.leadsPerWeek} />}
        <Card>
          <CardContent>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 220px auto' }, gap: 2, mb: 2 }}>
              <TextField
                label={T.search}
                placeholder={T.searchPlaceholder}
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
                size="small"
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchOutlined fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                select
                label={T.source}
                value={source}
                onChange={(event) => {
                  setSource(event.target.value as LeadSource | '');
                  setPage(0);
                }}
                size="small"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{T.allSources}</MenuItem>
                {LEAD_SOURCES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {T.sourceLabels[value] ?? value}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                startIcon={<FileDownloadOutlined />}
                disabled={exporting || !verify.isSuccess}
                onClick={() => void exportCsv()}
              >
                {exporting ? T.exporting : T.exportCsv}
              </Button>
            </Box>
            <LeadsTable
              leads={leads.data?.leads}
              total={leads.data?.total ?? 0}
              loading={leads.isFetching || verify.isPending}
              failed={leads.isError && !isRefusedToken(leads.error)}
              sortBy={sortBy}
              sortOrder={sortOrder}
              onSort={sort}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          </CardContent>
        </Card>
      </Stack>
    </Container>
  );
}
