import { countWords } from '@archlens/contracts/words';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from '../../../shared/toast';
import type { AnalysisResult } from '../api/analysis-api';
import { formatAnalysisDate } from '../format';
import { ANALYSIS_TEXTS } from '../texts';
import { ExpandedDescription } from './ExpandedDescription';

type ResultTab = 'primary' | 'expanded';

async function copyText(text: string) {
  const T = ANALYSIS_TEXTS.toasts;
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: T.copiedTitle, description: T.copied, variant: 'success' });
  } catch {
    toast({ title: T.copyFailedTitle, description: T.copyFailed, variant: 'error' });
  }
}

/** The analysis result: Primary and Expanded tabs, tags, Copy (spec §2). */
export function AnalysisResultCard({ result }: { result: AnalysisResult }) {
  const [tab, setTab] = useState<ResultTab>('primary');
  const words = countWords(result.primaryDescription);
  const tabLabel = tab === 'primary' ? ANALYSIS_TEXTS.primaryTab : ANALYSIS_TEXTS.expandedTab;

  return (
    <Card component="section" aria-labelledby="result-heading" data-testid="analysis-result">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography id="result-heading" variant="h2">
              {ANALYSIS_TEXTS.resultHeading}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {formatAnalysisDate(result.createdAt)} · {ANALYSIS_TEXTS.imageCount(result.imageCount)}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            color="secondary"
            size="small"
            startIcon={<ContentCopyOutlined fontSize="small" />}
            onClick={() => void copyText(tab === 'primary' ? result.primaryDescription : result.expandedDescription)}
            title={ANALYSIS_TEXTS.copyAriaLabel(tabLabel)}
          >
            {ANALYSIS_TEXTS.copy}
          </Button>
        </Stack>

        <Tabs
          value={tab}
          onChange={(_, value: ResultTab) => setTab(value)}
          aria-label={ANALYSIS_TEXTS.tabsLabel}
          sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="primary" label={ANALYSIS_TEXTS.primaryTab} id="analysis-tab-primary" aria-controls="analysis-panel-primary" />
          <Tab value="expanded" label={ANALYSIS_TEXTS.expandedTab} id="analysis-tab-expanded" aria-controls="analysis-panel-expanded" />
        </Tabs>

        <Box role="tabpanel" id="analysis-panel-primary" aria-labelledby="analysis-tab-primary" hidden={tab !== 'primary'} sx={{ pt: 2.5 }}>
          <Typography component="p" data-testid="primary-description" sx={{ fontSize: { xs: '1.02rem', md: '1.1rem' }, lineHeight: 1.75 }}>
            {result.primaryDescription}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            <Box component="span" data-testid="primary-word-count" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {ANALYSIS_TEXTS.wordCount(words)}
            </Box>
            <Box component="span" aria-hidden sx={{ mx: 1 }}>
              ·
            </Box>
            <span data-testid="analysis-engine">{ANALYSIS_TEXTS.engineCaption(result.engine, result.model)}</span>
          </Typography>
        </Box>

        <Box
          role="tabpanel"
          id="analysis-panel-expanded"
          aria-labelledby="analysis-tab-expanded"
          hidden={tab !== 'expanded'}
          data-testid="expanded-description"
          sx={{ pt: 2.5 }}
        >
          <ExpandedDescription text={result.expandedDescription} />
        </Box>

        {result.tags.length > 0 && (
          <>
            <Divider sx={{ my: 2.5 }} />
            <Typography variant="h6" component="h3" sx={{ mb: 1 }} id="result-tags-heading">
              {ANALYSIS_TEXTS.tagsLabel}
            </Typography>
            <Box
              component="ul"
              aria-labelledby="result-tags-heading"
              data-testid="analysis-tags"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {result.tags.map((tag) => (
                <li key={tag}>
                  <Chip label={tag} variant="outlined" />
                </li>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
