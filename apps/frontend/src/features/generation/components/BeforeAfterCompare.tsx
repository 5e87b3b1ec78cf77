import Box from '@mui/material/Box';
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
 * in the bottom corner, marked when it is geometry drift.
 */
export function BeforeAfterCompare({ sketchSrc, renderSrc, renderAlt, label, fidelity, testId }: BeforeAfterCompareProps) {
  const [position, setPosition] = useState(50);

  return (
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
}
