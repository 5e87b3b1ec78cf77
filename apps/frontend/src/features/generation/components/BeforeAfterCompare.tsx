import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.results;

export interface BeforeAfterCompareProps {
  /** The sketch (before). */
  sketchSrc: string;
  /** The render (after); its proportions set the frame. */
  renderSrc: string;
  renderAlt: string;
  /** The accessible name of the slider, e.g. 'Compare the sketch with render 1'. */
  label: string;
  /** The render's sketch fidelity (0–100) and whether it marks geometry drift; null or absent when it was not measured. */
  fidelity?: { score: number; drift: boolean } | null;
  /**
   * The transparent PNG of the sketch's lines the render did not keep, the render's size, and the
   * accessible name of its switch (e.g. 'Show unmatched lines on render 1'); null or absent when it has none.
   */
  overlay?: { src: string; label: string } | null;
  testId?: string;
}

const cornerLabel = {
  position: 'absolute',
  top: 8,
  px: 1,
  py: 0.25,
  borderRadius: 1,
  fontSize: '0.72rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  bgcolor: 'rgba(31,35,38,0.72)',
  color: '#fff',
  pointerEvents: 'none',
} as const;

/**
 * Beyond the spec: a before/after slider between the sketch and a render. The render
 * fills the frame; the sketch is laid over it, fitted whole on white and cut off at the slider's
 * position. A native range input covers the frame, so dragging anywhere, the arrow keys and
 * screen readers all work; it starts half way. The render's sketch fidelity, when measured, sits
 * in the bottom corner, marked when it is geometry drift. When the render has an unmatched-lines
 * overlay, a switch under the frame lays it over the render's side of the slider, stretched to
 * the render's own box so that each line sits where the sketch drew it; off to begin with.
 */
export function BeforeAfterCompare({ sketchSrc, renderSrc, renderAlt, label, fidelity, overlay, testId }: BeforeAfterCompareProps) {
  const [position, setPosition] = useState(50);
  const [showOverlay, setShowOverlay] = useState(false);

  const frame = (
    <Box
      data-testid={testId}
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
        userSelect: 'none',
        '&:has(input:focus-visible) .compare-handle': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      })}
    >
      <Box component="img" src={renderSrc} alt={renderAlt} sx={{ display: 'block', width: '100%', height: 'auto', minHeight: 120 }} />
      <Box
        component="img"
        src={sketchSrc}
        alt=""
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          bgcolor: '#fff',
          clipPath: `inset(0 ${100 - position}% 0 0)`,
        }}
      />
      {overlay && showOverlay && (
        <Box
          component="img"
          src={overlay.src}
          alt=""
          aria-hidden
          data-testid="unmatched-lines-overlay"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            // The render is stretched to the frame in the same way (it is the frame's only in-flow child).
            objectFit: 'fill',
            clipPath: `inset(0 0 0 ${position}%)`,
            pointerEvents: 'none',
          }}
        />
      )}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${position}%`,
          width: 2,
          ml: '-1px',
          bgcolor: '#fff',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.25)',
          pointerEvents: 'none',
        }}
      >
        <Box
          className="compare-handle"
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            width: 32,
            height: 32,
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            bgcolor: '#fff',
            boxShadow: 2,
            display: 'grid',
            placeItems: 'center',
            color: 'text.primary',
            fontSize: '0.8rem',
            fontWeight: 700,
          }}
        >
          ↔
        </Box>
      </Box>
      {position > 12 && (
        <Box aria-hidden sx={{ ...cornerLabel, left: 8 }}>
          {T.sketchLabel}
        </Box>
      )}
      {position < 88 && (
        <Box aria-hidden sx={{ ...cornerLabel, right: 8 }}>
          {T.renderLabel}
        </Box>
      )}
      {fidelity && (
        <Box
          data-testid="sketch-fidelity"
          role="note"
          aria-label={T.fidelityHint(fidelity.score, fidelity.drift)}
          title={T.fidelityHint(fidelity.score, fidelity.drift)}
          sx={{
            ...cornerLabel,
            top: 'auto',
            bottom: 8,
            left: 8,
            textTransform: 'none',
            letterSpacing: 0,
            bgcolor: fidelity.drift ? 'rgba(156,39,6,0.9)' : 'rgba(31,35,38,0.72)',
          }}
        >
          {T.fidelity(fidelity.score)}
          {fidelity.drift && ` · ${T.geometryDrift}`}
        </Box>
      )}
      <Box
        component="input"
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        aria-label={label}
        aria-valuetext={T.compareValue(position)}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, opacity: 0, cursor: 'ew-resize', touchAction: 'pan-y' }}
      />
    </Box>
  );
  if (!overlay) return frame;
  return (
    <Box>
      {frame}
      <Box sx={{ mt: 0.5, display: 'flex', alignItems: 'center', columnGap: 1.5, flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={showOverlay}
              onChange={(event) => setShowOverlay(event.target.checked)}
              slotProps={{ input: { 'aria-label': overlay.label } }}
            />
          }
          label={<Typography variant="body2">{T.unmatchedLines}</Typography>}
        />
        {showOverlay && (
          <Typography variant="caption" color="text.secondary" data-testid="unmatched-lines-key">
            {T.unmatchedLinesKey}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
