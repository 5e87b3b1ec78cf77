import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ActionToolbar } from '../../../shared/components/ActionButton';
import { TextActionButtons } from '../../../shared/text-actions/TextActionButtons';
import { missingStylePlace } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.prompt;

/**
 * Spec §2 /create combined-prompt panel: structure from the sketch reading plus style from the
 * user (`buildGenerationPrompt` of the contracts, the same text the providers get), with Copy and
 * Add to Clipboard (spec §8 'Copied', 'Added to Clipboard'). With no style description yet, the
 * preview shows a muted placeholder where it goes (`missingStylePlace`); Copy and Add to Clipboard
 * take the prompt as it is sent, without it.
 */
export function CombinedPromptCard({ prompt, styleDescription }: { prompt: string; styleDescription: string }) {
  const gap = missingStylePlace(prompt, styleDescription);
  return (
    <Card component="section" aria-labelledby="prompt-heading" data-testid="combined-prompt-card">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="prompt-heading" variant="h2">
          {T.heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {T.intro}
        </Typography>
        <Box
          data-testid="combined-prompt"
          tabIndex={0}
          aria-labelledby="prompt-heading"
          role="region"
          sx={{
            mt: 2,
            p: 1.75,
            maxHeight: { xs: 260, md: 300 },
            overflowY: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: '0.88rem',
            lineHeight: 1.65,
            bgcolor: 'background.default',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          {gap ? (
            <>
              {gap.before}
              {'\n\n'}
              <Box component="span" data-testid="combined-prompt-style-placeholder" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                {T.stylePlaceholder}
              </Box>
              {gap.after && `\n\n${gap.after}`}
            </>
          ) : (
            prompt
          )}
        </Box>
        <ActionToolbar label={T.actionsLabel}>
          <TextActionButtons text={prompt} labels={T.textActions} />
        </ActionToolbar>
      </CardContent>
    </Card>
  );
}
