import { countWords } from '@archlens/contracts/words';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { saveFile } from '../../../api/download';
import { serverMessageOf } from '../../../api/error-message';
import { ActionButton, ActionToolbar } from '../../../shared/components/ActionButton';
import { LeadParagraph, ResultCard } from '../../../shared/components/ResultCard';
import { ResultTabs } from '../../../shared/components/ResultTabs';
import { TextActionButtons } from '../../../shared/text-actions/TextActionButtons';
import { toast } from '../../../shared/toast';
import { handleUnauthorised } from '../../auth/unauthorised';
import { UseAsStyleButton } from '../../design-loop/components/UseAsStyleButton';
import { AddToProjectButton } from '../../library/components/AddToProjectButton';
import { analysisApi, type AnalysisResult } from '../api/analysis-api';
import { formatDateTime } from '../../../shared/format-date';
import { ANALYSIS_TEXTS } from '../texts';
import { EmailAnalysisDialog } from './EmailAnalysisDialog';
import { ExpandedDescription } from './ExpandedDescription';

type ResultTab = 'primary' | 'expanded';

async function exportPdf(result: AnalysisResult) {
  try {
    saveFile(await analysisApi.pdf(result));
  } catch (error) {
    // Not a query or a mutation, so the caches' 401 handler never sees it: spec §8 is applied here.
    const T = ANALYSIS_TEXTS.toasts;
    if (isUnauthorisedError(error)) handleUnauthorised();
    else toast({ title: T.pdfFailedTitle, description: serverMessageOf(error) ?? T.pdfFailed, variant: 'error' });
  }
}

export interface AnalysisResultCardProps {
  result: AnalysisResult;
  /** More buttons at the end of the action row (the library item page's Share and Delete). */
  extraActions?: ReactNode;
  /** Below the tags, inside the card (the library item page's thumbnails). */
  children?: ReactNode;
}

/**
 * The analysis result: Primary and Expanded tabs, tags, and the actions Copy and Add to
 * Clipboard (of the tab shown), Email Text (the report by e-mail), Export PDF, Use as style (a style
 * brief for Image Generation) and Add to project.
 */
export function AnalysisResultCard({ result, extraActions, children }: AnalysisResultCardProps) {
  const [tab, setTab] = useState<ResultTab>('primary');
  const [emailOpen, setEmailOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const words = countWords(result.primaryDescription);
  const tabLabel = tab === 'primary' ? ANALYSIS_TEXTS.primaryTab : ANALYSIS_TEXTS.expandedTab;
  const shownText = tab === 'primary' ? result.primaryDescription : result.expandedDescription;

  return (
    <ResultCard
      idPrefix="analysis"
      heading={ANALYSIS_TEXTS.resultHeading}
      meta={`${formatDateTime(result.createdAt)} · ${ANALYSIS_TEXTS.imageCount(result.imageCount)}`}
      testId="analysis-result"
    >
      <ActionToolbar label={ANALYSIS_TEXTS.actionsLabel} testId="analysis-actions">
        <TextActionButtons text={shownText} labels={ANALYSIS_TEXTS.textActions(tabLabel)} />
        <ActionButton icon={<EmailOutlined fontSize="small" />} onClick={() => setEmailOpen(true)}>
          {ANALYSIS_TEXTS.emailText}
        </ActionButton>
        <ActionButton
          icon={<PictureAsPdfOutlined fontSize="small" />}
          disabled={exporting}
          onClick={() => {
            setExporting(true);
            void exportPdf(result).finally(() => setExporting(false));
          }}
        >
          {exporting ? ANALYSIS_TEXTS.exportingPdf : ANALYSIS_TEXTS.exportPdf}
        </ActionButton>
        <UseAsStyleButton analysis={result} />
        <AddToProjectButton type="analysis" id={result.id} />
        {extraActions}
      </ActionToolbar>
      <EmailAnalysisDialog analysisId={result.id} open={emailOpen} onClose={() => setEmailOpen(false)} />

      <ResultTabs
        idPrefix="analysis"
        label={ANALYSIS_TEXTS.tabsLabel}
        value={tab}
        onChange={setTab}
        panels={[
          {
            value: 'primary',
            label: ANALYSIS_TEXTS.primaryTab,
            content: (
              <>
                <LeadParagraph testId="primary-description">{result.primaryDescription}</LeadParagraph>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  <Box component="span" data-testid="primary-word-count" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {ANALYSIS_TEXTS.wordCount(words)}
                  </Box>
                  <Box component="span" aria-hidden sx={{ mx: 1 }}>
                    ·
                  </Box>
                  <span data-testid="analysis-engine">{ANALYSIS_TEXTS.engineCaption(result.engine, result.model)}</span>
                </Typography>
              </>
            ),
          },
          {
            value: 'expanded',
            label: ANALYSIS_TEXTS.expandedTab,
            testId: 'expanded-description',
            content: <ExpandedDescription text={result.expandedDescription} />,
          },
        ]}
      />

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
      {children}
    </ResultCard>
  );
}
