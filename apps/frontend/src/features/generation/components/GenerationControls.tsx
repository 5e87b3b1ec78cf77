import {
  ASPECT_RATIOS,
  DETAIL_LEVELS,
  GENERATION_PROVIDERS,
  LIGHTING_OPTIONS,
  SKETCH_INFLUENCE,
  sketchInfluenceLabel,
  VARIATIONS,
  type AspectRatio,
  type DetailLevel,
  type GenerationProvider,
  type Lighting,
} from '@archlens/contracts/generation-options';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  parseSeed,
  providerBlockedNote,
  providerOptionLabel,
  type GenerationSettings,
  type ProviderAvailability,
} from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.controls;

export interface GenerationControlsProps {
  settings: GenerationSettings;
  onChange: (next: Partial<GenerationSettings>) => void;
  locked: boolean;
  /** Whether this server can use each provider (`GET /api/capabilities`); one it cannot use is a disabled option. */
  availability: Record<GenerationProvider, ProviderAvailability>;
}

/** A labelled group of toggle buttons (detail level, variations): one value always chosen. */
function ToggleField<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled: boolean;
}) {
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value}
        onChange={(_, next: V | null) => next !== null && onChange(next)}
        aria-labelledby={id}
        disabled={disabled}
      >
        {options.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={(theme) => ({
              textTransform: 'none',
              fontWeight: 600,
              '&.Mui-selected, &.Mui-selected:hover': {
                bgcolor: alpha(theme.palette.primary.main, 0.14),
                color: 'primary.dark',
                boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
              },
            })}
          >
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** A native select (easier on phones): aspect ratio, provider, lighting. */
function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  helperText,
  error,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  disabled: boolean;
  helperText?: ReactNode;
  error?: boolean;
  testId: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      disabled={disabled}
      helperText={helperText}
      error={error}
      margin="none"
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** Spec §9's three bands of sketch influence under the slider, as wide as their ranges; the current one stands out. */
function InfluenceLegend({ value }: { value: number }) {
  const current = sketchInfluenceLabel(value);
  const bands = [
    { label: sketchInfluenceLabel(0), width: '50%', align: 'left' },
    { label: sketchInfluenceLabel(50), width: '30%', align: 'center' },
    { label: sketchInfluenceLabel(100), width: '20%', align: 'right' },
  ] as const;
  return (
    <Box aria-hidden sx={{ display: 'flex', mt: -0.5 }}>
      {bands.map((band) => (
        <Typography
          key={band.label}
          variant="caption"
          sx={{
            width: band.width,
            textAlign: band.align,
            lineHeight: 1.3,
            px: 0.25,
            color: band.label === current ? 'primary.main' : 'text.secondary',
            fontWeight: band.label === current ? 700 : 400,
          }}
        >
          {band.label}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Spec §2, §5, §9 generation controls with their defaults and ranges: aspect ratio (16:9, 3:2,
 * 1:1, A4 portrait), provider (sora, openai, stability-ai, midjourney), detail level, lighting,
 * the sketch influence slider (0 to 100 in steps of 5, with its three labels), variations (1 to 4)
 * and the optional seed. A provider this server cannot use (no key, or not known yet) is shown as
 * such in its option, which is disabled, before anyone presses Generate Images; one with no key
 * also names, under the control, the server setting that enables it.
 */
export function GenerationControls({ settings, onChange, locked, availability }: GenerationControlsProps) {
  const seed = parseSeed(settings.seed);
  const seedHelp = !seed.ok ? T.seedInvalid : settings.provider === 'openai' && settings.seed.trim() ? T.seedIgnored : T.seedHelp;
  const providerNote = providerBlockedNote(settings.provider, availability[settings.provider]);
  // Each paid provider this server has no key for, with the setting that would enable it.
  const settingHints = (['openai', 'stability-ai'] as const)
    .filter((provider) => availability[provider] === 'not-configured')
    .map((provider) => T.providerSettingHint(T.providerName(provider), T.providerSettings[provider]));

  return (
    <Card component="section" aria-labelledby="controls-heading" data-testid="generation-controls">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="controls-heading" variant="h2" sx={{ mb: 2.5 }}>
          {T.heading}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2.5, alignItems: 'start' }}>
          <SelectField<GenerationProvider>
            label={T.provider}
            value={settings.provider}
            options={GENERATION_PROVIDERS.map((value) => ({
              value,
              label: providerOptionLabel(value, availability[value]),
              disabled: availability[value] !== 'available',
            }))}
            onChange={(provider) => onChange({ provider })}
            disabled={locked}
            helperText={
              <>
                {providerNote ?? T.providerHelp[settings.provider]}
                {settingHints.map((hint) => (
                  <Box component="span" key={hint} data-testid="provider-setting-hint" sx={{ display: 'block', mt: 0.5 }}>
                    {hint}
                  </Box>
                ))}
              </>
            }
            error={providerNote !== null && availability[settings.provider] !== 'checking'}
            testId="control-provider"
          />
          <SelectField<AspectRatio>
            label={T.aspectRatio}
            value={settings.aspectRatio}
            options={ASPECT_RATIOS.map((value) => ({ value, label: T.aspectRatioLabel(value) }))}
            onChange={(aspectRatio) => onChange({ aspectRatio })}
            disabled={locked}
            testId="control-aspect-ratio"
          />
          <SelectField<Lighting>
            label={T.lighting}
            value={settings.lighting}
            options={LIGHTING_OPTIONS.map((value) => ({ value, label: T.lightingOptions[value] }))}
            onChange={(lighting) => onChange({ lighting })}
            disabled={locked}
            testId="control-lighting"
          />
          <TextField
            label={T.seed}
            value={settings.seed}
            onChange={(event) => onChange({ seed: event.target.value.replace(/[^\d]/g, '') })}
            disabled={locked}
            error={!seed.ok}
            helperText={seedHelp}
            margin="none"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': 'control-seed' } }}
          />
          <ToggleField<DetailLevel>
            id="control-detail-label"
            label={T.detailLevel}
            value={settings.detailLevel}
            options={DETAIL_LEVELS.map((value) => ({ value, label: T.detailLevels[value] }))}
            onChange={(detailLevel) => onChange({ detailLevel })}
            disabled={locked}
          />
          <ToggleField<number>
            id="control-variations-label"
            label={T.variations}
            value={settings.variations}
            options={Array.from({ length: VARIATIONS.max - VARIATIONS.min + 1 }, (_, i) => ({
              value: VARIATIONS.min + i,
              label: String(VARIATIONS.min + i),
            }))}
            onChange={(variations) => onChange({ variations })}
            disabled={locked}
          />
        </Box>

        <Box sx={{ mt: 3 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <Typography id="control-influence-label" variant="body2" sx={{ fontWeight: 600 }}>
              {T.sketchInfluence}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="sketch-influence-value"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {T.sketchInfluenceValue(settings.sketchInfluence, sketchInfluenceLabel(settings.sketchInfluence))}
            </Typography>
          </Stack>
          <Slider
            value={settings.sketchInfluence}
            min={SKETCH_INFLUENCE.min}
            max={SKETCH_INFLUENCE.max}
            step={SKETCH_INFLUENCE.step}
            marks={[{ value: 0 }, { value: 50 }, { value: 80 }, { value: 100 }]}
            onChange={(_, value) => onChange({ sketchInfluence: value })}
            disabled={locked}
            valueLabelDisplay="auto"
            getAriaValueText={(value) => T.sketchInfluenceValue(value, sketchInfluenceLabel(value))}
            aria-labelledby="control-influence-label"
            sx={{ mt: 0.5 }}
          />
          <InfluenceLegend value={settings.sketchInfluence} />
          <Typography variant="caption" color="text.secondary" component="p" data-testid="sketch-influence-help" sx={{ mt: 1 }}>
            {T.sketchInfluenceHelp}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
