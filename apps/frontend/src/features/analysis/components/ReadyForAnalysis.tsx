import ArchitectureOutlined from '@mui/icons-material/ArchitectureOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TEXTS } from '../texts';

/** Empty state before any result (spec §2: 'Ready for Analysis'). */
export function ReadyForAnalysis() {
  return (
    <Card component="section" aria-labelledby="ready-heading" data-testid="analysis-empty" sx={{ height: '100%' }}>
      <CardContent
        sx={{
          p: { xs: 3, md: 5 },
          minHeight: { md: 360 },
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
        }}
      >
        <ArchitectureOutlined sx={{ fontSize: 48, color: 'primary.main', opacity: 0.7 }} aria-hidden />
        <Typography id="ready-heading" variant="h2" sx={{ mt: 2 }}>
          {ANALYSIS_TEXTS.emptyHeading}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 420 }}>
          {ANALYSIS_TEXTS.emptyCopy}
        </Typography>
      </CardContent>
    </Card>
  );
}
