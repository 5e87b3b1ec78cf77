import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format-date';
import { ActionToolbar } from '../../../shared/components/ActionButton';
import { LeadParagraph, ResultCard } from '../../../shared/components/ResultCard';
import { ResultTabs } from '../../../shared/components/ResultTabs';
import { TextActionButtons } from '../../../shared/text-actions/TextActionButtons';
import { AddToProjectButton } from '../../library/components/AddToProjectButton';
import type { SketchReading } from '../api/sketch-api';
import { sketchPointsText } from '../sketch-reading';
import { SKETCH_TEXTS } from '../texts';

type ReadingTab = 'summary' | 'details';

export interface SketchResultCardProps {
  /** The reading; a stored one read back from the library has no `durationMs`. */
  reading: Omit<SketchReading, 'durationMs'> & { durationMs?: number };
  /** From pressing Analyse Sketch to the answer, in ms; without it (a stored reading) no completion time is shown. */
  elapsedMs?: number;
  /** Scroll the card into view (once the progress card above it has gone). */
  reveal?: boolean;
  /** More buttons at the end of the action row (the library item page's Share and Delete). */
  extraActions?: ReactNode;
  /** Below the tabs, inside the card (the library item page's thumbnails). */
  children?: ReactNode;
}

/**
 * The sketch reading (spec §2 /read-sketch): a Summary tab (the description) and a Detailed
 * Analysis tab (the points as a list; open first), the drawing type and engine, the completion
 * time, Copy and Add to Clipboard of the tab shown (spec §8 'Copied', 'Added to Clipboard') and Add to project.
 */
export function SketchResultCard({ reading, elapsedMs, reveal = false, extraActions, children }: SketchResultCardProps) {
  const [tab, setTab] = useState<ReadingTab>('details');
  const tabLabel = tab === 'summary' ? SKETCH_TEXTS.summaryTab : SKETCH_TEXTS.detailsTab;
  const shownText = tab === 'summary' ? reading.description : sketchPointsText(reading.details);

  return (
    <ResultCard
      idPrefix="sketch"
      heading={SKETCH_TEXTS.resultHeading}
      meta={`${formatDateTime(reading.createdAt)} · ${SKETCH_TEXTS.imageCount(reading.imageCount)}`}
      badge={
        elapsedMs !== undefined && (
          <Chip
            icon={<TimerOutlined fontSize="small" />}
            label={SKETCH_TEXTS.completedIn(elapsedMs, reading.durationMs)}
            variant="outlined"
            size="small"
            data-testid="sketch-completion-time"
            sx={{ fontVariantNumeric: 'tabular-nums', maxWidth: '100%' }}
          />
        )
      }
      testId="sketch-result"
      reveal={reveal}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="sketch-caption">
        {SKETCH_TEXTS.caption(reading.drawingType, reading.imageCount, reading.engine, reading.model)}
      </Typography>

      <ActionToolbar label={SKETCH_TEXTS.actionsLabel} testId="sketch-actions">
        <TextActionButtons text={shownText} labels={SKETCH_TEXTS.textActions(tabLabel)} />
        <AddToProjectButton type="sketch-reading" id={reading.id} />
        {extraActions}
      </ActionToolbar>

      <ResultTabs
        idPrefix="sketch"
        label={SKETCH_TEXTS.tabsLabel}
        value={tab}
        onChange={setTab}
        panels={[
          {
            value: 'summary',
            label: SKETCH_TEXTS.summaryTab,
            content: <LeadParagraph testId="sketch-summary">{reading.description}</LeadParagraph>,
          },
          {
            value: 'details',
            label: SKETCH_TEXTS.detailsTab,
            content: (
              <Box
                component="ol"
                aria-label={SKETCH_TEXTS.pointsLabel}
                data-testid="sketch-points"
                sx={{
                  m: 0,
                  pl: 3,
                  display: 'grid',
                  gap: 1.25,
                  '& li': { pl: 0.5, lineHeight: 1.7 },
                  '& li::marker': { color: 'primary.main', fontWeight: 600 },
                }}
              >
                {reading.details.map((point, index) => (
                  <Typography component="li" variant="body1" key={index}>
                    {point}
                  </Typography>
                ))}
              </Box>
            ),
          },
        ]}
      />
      {children}
    </ResultCard>
  );
}
