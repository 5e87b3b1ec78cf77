import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

export interface ResultCardProps {
  /** Makes the heading id unique on the page (`{idPrefix}-result-heading`). */
  idPrefix: string;
  heading: string;
  /** The line under the heading: date and image count. */
  meta: string;
  /** Shown at the right of the heading (wraps under it on a phone), e.g. the completion time. */
  badge?: ReactNode;
  testId?: string;
  /**
   * Scroll the card into view, once this turns true, when it sits below the fold (on a phone it is
   * under the upload card). Set it once the layout above has settled (the progress card gone).
   */
  reveal?: boolean;
  children: ReactNode;
}

/** The frame of a tool's result (spec §2 /analyse and /read-sketch): a section headed by its title and date line. */
export function ResultCard({ idPrefix, heading, meta, badge, testId, reveal = false, children }: ResultCardProps) {
  const headingId = `${idPrefix}-result-heading`;
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = card.current;
    if (!reveal || !element) return;
    const { top } = element.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight * 0.75) element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [reveal]);

  return (
    // scroll-margin keeps the heading clear of the sticky navigation bar when revealed.
    <Card ref={card} component="section" aria-labelledby={headingId} data-testid={testId} sx={{ scrollMarginTop: 88 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h2">
              {heading}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {meta}
            </Typography>
          </Box>
          {badge}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The main paragraph of a result (the primary description, the sketch summary), set larger for reading. */
export function LeadParagraph({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Typography component="p" data-testid={testId} sx={{ fontSize: { xs: '1.02rem', md: '1.1rem' }, lineHeight: 1.75 }}>
      {children}
    </Typography>
  );
}
