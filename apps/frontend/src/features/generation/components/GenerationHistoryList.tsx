import { isWorkflowProvider } from '@archlens/contracts/generation-options';
import type { GenerationHistoryItem } from '@archlens/contracts/generation';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format-date';
import { generationStatusDisplay } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';
import { GenerationDetailsDialog } from './GenerationDetailsDialog';

const T = GENERATION_TEXTS.history;

const ICONS = { check: CheckCircleOutline, cross: CancelOutlined, clock: ScheduleOutlined } as const;

/**
 * Generations as Recent Activity lists them (spec §2 home and /account, §3 history item, §4 status
 * display: 'Completed' with a green check, 'Failed' with a red cross, 'In Progress' with a clock),
 * newest first, each with its date, provider, image count and credits spent. Each item is a button
 * (keyboard reachable, named after what it opens) that opens the generation: its renders, or what
 * its workflow, failure or progress means (`GenerationDetailsDialog`).
 */
export function GenerationHistoryList({ items }: { items: readonly GenerationHistoryItem[] }) {
  const [opened, setOpened] = useState<GenerationHistoryItem | null>(null);
  return (
    <>
      <Paper
        variant="outlined"
        component="ol"
        aria-label={T.listLabel}
        data-testid="recent-activity"
        sx={{ listStyle: 'none', m: 0, p: 0, borderRadius: 1.6 }}
      >
        {items.map((item, index) => {
          const status = generationStatusDisplay(item.status);
          const Icon = ICONS[status.icon];
          const provider = GENERATION_TEXTS.controls.providerName(item.provider);
          const summary = T.item(provider, isWorkflowProvider(item.provider), item.imageCount);
          return (
            <Box
              component="li"
              key={item.id}
              data-testid="recent-activity-item"
              data-job-id={item.id}
              data-status={item.status}
              sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
            >
              <ButtonBase
                onClick={() => setOpened(item)}
                aria-label={T.open(status.label, summary, formatDateTime(item.createdAt))}
                aria-haspopup="dialog"
                sx={{
                  width: '100%',
                  textAlign: 'left',
                  '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  display: 'grid',
                  gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto minmax(0, 1fr) auto' },
                  columnGap: 2,
                  rowGap: 0.25,
                  alignItems: 'center',
                  px: { xs: 2, md: 2.5 },
                  py: 1.75,
                }}
              >
                <Icon
                  color={status.color === 'default' ? 'action' : status.color}
                  aria-hidden
                  sx={{ gridRow: { xs: 'span 2', sm: 'auto' } }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 700, color: status.color === 'default' ? 'text.secondary' : `${status.color}.main` }}
                      data-testid="recent-activity-status"
                    >
                      {status.label}
                    </Typography>
                    <Typography variant="body2" color="text.primary" noWrap>
                      {summary}
                    </Typography>
                  </Stack>
                  <Typography variant="caption" color="text.secondary" component="time" dateTime={item.createdAt}>
                    {formatDateTime(item.createdAt)}
                  </Typography>
                </Box>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ gridColumn: { xs: 2, sm: 'auto' }, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {T.credits(item.creditsSpent)}
                </Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Paper>
      <GenerationDetailsDialog item={opened} onClose={() => setOpened(null)} />
    </>
  );
}
