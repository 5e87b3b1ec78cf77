import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The ArchLens mark: a gable over a doorway, drawn with two strokes. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden sx={{ flexShrink: 0 }}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M6 25 L16 7 L26 25 Z" fill="none" stroke="#f6f5f2" strokeWidth="2.4" strokeLinejoin="round" />
      <path d="M11 25 V18 H21 V25" fill="none" stroke="#f6f5f2" strokeWidth="2.4" strokeLinejoin="round" />
    </Box>
  );
}

/** Mark and word mark; `compact` keeps only the mark on phone widths. */
export function Logo({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'primary.main' }}>
      <LogoMark />
      <Typography
        component="span"
        variant="h3"
        sx={{
          color: 'text.primary',
          fontSize: '1.3rem',
          lineHeight: 1,
          display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {name}
      </Typography>
    </Box>
  );
}
