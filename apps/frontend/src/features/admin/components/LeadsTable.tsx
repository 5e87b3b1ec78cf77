import { LEAD_SORT_COLUMNS, type Lead, type LeadSortColumn } from '@archlens/contracts/leads';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '../../../shared/visually-hidden';
import { ADMIN_TEXTS as T } from '../texts';

/**
 * The pagination row within its box on a phone: MUI's row (label, page size, 'x–y of n', the two
 * page buttons, with its margins and gutter) is wider than the leads card on a phone, which would
 * cut the next-page button off. Below sm the 'Rows per page' label is visually hidden (it still
 * names the page-size select), the gutter and margins are tightened, and the row may wrap (a count
 * in the tens of thousands) instead of running past the edge.
 */
const PAGINATION_FIT: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiTablePagination-toolbar': { pl: 0, flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 1 },
    // flex-basis 100% would take a line of its own once the row wraps.
    '& .MuiTablePagination-spacer': { display: 'none' },
    '& .MuiTablePagination-selectLabel': visuallyHidden,
    '& .MuiTablePagination-input': { ml: 0, mr: 0 },
    // As specific as MUI's own rule (toolbar, then actions), which would otherwise keep its 20 px.
    '& .MuiTablePagination-toolbar .MuiTablePagination-actions': { ml: 0 },
  },
});

/**
 * A value that must not break mid-word (an e-mail address, a source label): one line, cut with an
 * ellipsis past `maxWidth` (the whole value in its title). The table scrolls sideways on a phone.
 */
const oneLine = (maxWidth: { xs: number; md: number }): SxProps<Theme> => ({
  display: 'block',
  maxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface LeadsTableProps {
  leads: Lead[] | undefined;
  total: number;
  loading: boolean;
  failed: boolean;
  sortBy: LeadSortColumn;
  sortOrder: 'asc' | 'desc';
  /** Clicking the sorted column flips its order; another column sorts ascending (dates newest first). */
  onSort: (column: LeadSortColumn) => void;
  /** Zero-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * The leads table of /admin: sortable by every column both ways, paginated, with the
 * spec's load-failure and empty texts. Every value is rendered as text.
 */
export function LeadsTable(props: LeadsTableProps) {
  const { leads, total, loading, failed, sortBy, sortOrder } = props;
  return (
    <Box>
      {loading && <LinearProgress aria-label={T.tableLabel} />}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {T.loadFailed}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={T.tableLabel} data-testid="leads-table" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              {LEAD_SORT_COLUMNS.map((column) => (
                <TableCell key={column} sortDirection={sortBy === column ? sortOrder : false} sx={{ whiteSpace: 'nowrap' }}>
                  <TableSortLabel
                    active={sortBy === column}
                    direction={sortBy === column ? sortOrder : 'asc'}
                    onClick={() => props.onSort(column)}
                  >
                    {T.columns[column]}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>{T.analysisColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {leads?.map((lead) => (
              <TableRow key={lead.id} hover data-testid="lead-row">
                <TableCell>{lead.first_name}</TableCell>
                <TableCell>{lead.last_name}</TableCell>
                <TableCell>
                  <Box component="span" title={lead.email} sx={oneLine({ xs: 240, md: 320 })}>
                    {lead.email}
                  </Box>
                </TableCell>
                <TableCell>
                  <Box component="span" title={T.sourceLabels[lead.source] ?? lead.source} sx={oneLine({ xs: 200, md: 220 })}>
                    {T.sourceLabels[lead.source] ?? lead.source}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(lead.created_at))}</TableCell>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Box
                    component="span"
                    title={lead.analysis_text ?? ''}
                    sx={{
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      color: 'text.secondary',
                    }}
                  >
                    {lead.analysis_text}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Below the table rather than in a row of it: on a phone the table scrolls sideways, and a
          centred row would put the text partly out of view. */}
      {leads && leads.length === 0 && !failed && (
        <Typography sx={{ py: 4, px: 2, textAlign: 'center' }} color="text.secondary" data-testid="leads-empty">
          {T.empty}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={total}
        page={props.page}
        rowsPerPage={props.pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        labelRowsPerPage={T.rowsPerPage}
        onPageChange={(_, page) => props.onPageChange(page)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
        sx={PAGINATION_FIT}
      />
    </Box>
  );
}
