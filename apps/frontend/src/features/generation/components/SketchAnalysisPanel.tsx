import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SketchAnalysisState } from '../hooks/use-sketch-analysis';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.analysis;

/**
 * Spec §2 /create automatic sketch analysis panel: what the sketch reading says (the summary, its
 * detailed points on demand, the drawing type), 'Reading your sketch…' meanwhile, or spec §8's
 * 'Unable to analyze sketch at this time.' / 'Error analyzing sketch.' with a retry. Announced
 * politely as it changes.
 */
export function SketchAnalysisPanel({ state, onRetry }: { state: SketchAnalysisState; onRetry: () => void }) {
  const [showDetails, setShowDetails] = useState(false);

  return (
    <Box
      component="section"
      aria-labelledby="sketch-analysis-heading"
      aria-live="polite"
      aria-busy={state.status === 'reading'}
      data-testid="sketch-analysis"
      data-status={state.status}
      sx={{ mt: 2.5, pt: 2.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="sketch-analysis-heading" variant="h5" component="h3">
          {T.heading}
        </Typography>
        {state.status === 'read' && <Chip size="small" variant="outlined" label={T.drawingType(state.reading.drawingType)} />}
      </Stack>

      {state.status === 'idle' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.idle}
        </Typography>
      )}

      {state.status === 'reading' && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {T.reading}
          </Typography>
          <LinearProgress sx={{ mt: 1 }} aria-label={T.reading} />
        </Box>
      )}

      {state.status === 'failed' && (
        <Stack direction="row" spacing={1.5} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <ErrorOutline color="error" fontSize="small" aria-hidden />
          <Typography variant="body2" color="error" data-testid="sketch-analysis-error">
            {state.message}
          </Typography>
          <Button size="small" onClick={onRetry}>
            {T.retry}
          </Button>
        </Stack>
      )}

      {state.status === 'read' && (
        <>
          <Typography variant="body2" sx={{ mt: 1.25, lineHeight: 1.7 }} data-testid="sketch-analysis-summary">
            {state.reading.description}
          </Typography>
          {state.reading.details.length > 0 && (
            <>
              <Button
                size="small"
                onClick={() => setShowDetails((open) => !open)}
                aria-expanded={showDetails}
                aria-controls="sketch-analysis-details"
                sx={{ mt: 1, ml: -1 }}
              >
                {showDetails ? T.hideDetails : T.showDetails(state.reading.details.length)}
              </Button>
              <Collapse in={showDetails}>
                <Box component="ul" id="sketch-analysis-details" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {state.reading.details.map((point, index) => (
                    <Typography component="li" variant="body2" color="text.secondary" key={index} sx={{ mb: 0.5 }}>
                      {point}
                    </Typography>
                  ))}
                </Box>
              </Collapse>
            </>
          )}
        </>
      )}
    </Box>
  );
}
