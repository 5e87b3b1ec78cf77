import { AnalyseRender } from '../../design-loop/components/AnalyseRender';
import type { Subscription } from '@archlens/contracts/auth';
import { generationDownloadFileName } from '@archlens/contracts/generation';
import { DETAIL_LEVELS, isWorkflowProvider, type DetailLevel } from '@archlens/contracts/generation-options';
import AutoAwesomeMotionOutlined from '@mui/icons-material/AutoAwesomeMotionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isUnauthorisedError } from '../../../api/client';
import { ActionButton, ActionToolbar } from '../../../shared/components/ActionButton';
import { ProgressCard } from '../../../shared/components/ProgressCard';
import { ResultCard } from '../../../shared/components/ResultCard';
import { formatDateTime } from '../../../shared/format-date';
import { useSimulatedProgress } from '../../../shared/hooks/use-simulated-progress';
import { toast } from '../../../shared/toast';
import { FreeRetryOffer } from '../../generation/components/FreeRetryOffer';
import { newJobId, retryFreeErrorToast } from '../../generation/generation-errors';
import { useRetryFree } from '../../generation/hooks/use-retry-free';
import { downloadRender } from '../../generation/components/ImageResults';
import { creditsMeter, generationStatusDisplay } from '../../generation/generation-rules';
import { GENERATION_TEXTS } from '../../generation/texts';
import type { GenerationItem } from '../api/library-items-api';
import { useRerunGeneration } from '../hooks/use-rerun-generation';
import { libraryItemPagePath } from '../library-paths';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';
import { AddToProjectButton } from './AddToProjectButton';
import { LibraryItemActions } from './LibraryItemActions';
import { RecipeDetails } from './RecipeDetails';

const T = LIBRARY_ITEM_TEXTS.generation;
const results = GENERATION_TEXTS.results;

/** A titled card of the generation page (recipe, lineage, run it again). */
function Section({
  id,
  heading,
  intro,
  testId,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id={`${id}-heading`} variant="h5" component="h2">
          {heading}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {intro}
          </Typography>
        )}
        <Box sx={{ mt: intro ? 0 : 1.5 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** The renders, each with its download (a numbered .jpg, as /create saves it) and 'Analyse this render'. */
function Renders({ item }: { item: GenerationItem }) {
  return (
    <Box
      component="ul"
      aria-label={T.imagesLabel}
      data-testid="generation-item-images"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: 2.5,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(item.images.length, 2)}, minmax(0, 1fr))` },
        gap: 2.5,
      }}
    >
      {item.images.map((image) => {
        const n = image.index + 1;
        return (
          <Box component="li" key={image.index} sx={{ minWidth: 0 }}>
            <Box
              component="img"
              src={image.url}
              alt={results.render(n)}
              data-testid="generation-item-image"
              sx={{ display: 'block', width: '100%', borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
            />
            <Stack direction="row" sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {results.render(n)}
                {image.seed !== null && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1, fontWeight: 400 }}>
                    {results.seed(image.seed)}
                  </Typography>
                )}
              </Typography>
              <ActionButton
                icon={<DownloadOutlined fontSize="small" />}
                onClick={() => void downloadRender(item.id, image.index)}
                title={results.downloadHint(generationDownloadFileName(image.index))}
                aria-label={GENERATION_TEXTS.history.downloadRender(n)}
              >
                {results.download}
              </ActionButton>
            </Stack>
            <AnalyseRender jobId={item.id} index={image.index} />
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * Retry free, while the generation offers it (a render marked geometry drift): the simulated
 * progress while it runs (the new job's events are /create's), then the new render's page opens.
 */
function FreeRetry({ item }: { item: GenerationItem }) {
  const retry = useRetryFree();
  const progress = useSimulatedProgress();
  const navigate = useNavigate();
  const running = retry.isPending;
  if (item.freeRetry !== 'offered' && !running && progress.progress === 0) return null;
  const onRetry = () => {
    progress.start();
    retry.mutate(
      { id: item.id, jobId: newJobId() },
      {
        onSuccess: (result) => {
          progress.complete();
          toast({ title: GENERATION_TEXTS.toasts.retryFreeReadyTitle, description: T.rerun.freeDone, variant: 'success' });
          void navigate(libraryItemPagePath('generation', result.jobId));
        },
        onError: (error) => {
          progress.stop();
          if (!isUnauthorisedError(error)) toast({ ...retryFreeErrorToast(error), variant: 'error' });
        },
      },
    );
  };
  return (
    <>
      <FreeRetryOffer state={item.freeRetry} onRetry={onRetry} disabled={running} />
      {(running || progress.progress > 0) && (
        <Box sx={{ mt: 2 }}>
          <ProgressCard
            progress={progress.progress}
            heading={GENERATION_TEXTS.progress.heading}
            label={GENERATION_TEXTS.progress.label}
            caption={GENERATION_TEXTS.progress.simulated}
            testId="free-retry-progress"
          />
        </Box>
      )}
    </>
  );
}

/** What stands where the renders would: a workflow's prompt, a failure's message, or that it is still running. */
function NoRenders({ item }: { item: GenerationItem }) {
  if (item.status === 'failed') return <Typography sx={{ mt: 2 }}>{T.failed(item.message ?? '')}</Typography>;
  if (item.status === 'pending') return <Typography sx={{ mt: 2 }}>{T.pending}</Typography>;
  const prompt = item.metadata?.soraPrompt ?? item.metadata?.midjourneyPrompt ?? null;
  if (!isWorkflowProvider(item.provider)) return <Typography sx={{ mt: 2 }}>{T.noImages}</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {T.workflowNoImages}
      </Typography>
      {prompt && (
        <Typography component="p" sx={{ mt: 1.5, whiteSpace: 'pre-wrap', lineHeight: 1.7 }} data-testid="generation-item-prompt">
          {prompt}
        </Typography>
      )}
    </>
  );
}

/** "Made from" the parent and "Runs made from this", each a link to that generation's page. */
function Lineage({ item }: { item: GenerationItem }) {
  return (
    <Section id="lineage" heading={T.lineageHeading} testId="generation-lineage">
      {item.parentId && (
        <Typography variant="body2" data-testid="lineage-parent" sx={{ mb: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
            {T.madeFrom}
          </Box>
          <Link component={RouterLink} to={libraryItemPagePath('generation', item.parentId)}>
            {T.parentLink}
          </Link>
        </Typography>
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }} id="lineage-children-heading">
        {T.childrenHeading}
      </Typography>
      {item.childrenIds.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {T.noChildren}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="lineage-children-heading"
          data-testid="lineage-children"
          sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
        >
          {item.childrenIds.map((childId, index) => (
            <li key={childId}>
              <Link component={RouterLink} to={libraryItemPagePath('generation', childId)} variant="body2">
                {T.childLink(index + 1)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The stored detail level as the cost rule reads it (medium when it is not one of today's levels). */
function detailLevelOf(value: string): DetailLevel {
  return (DETAIL_LEVELS as readonly string[]).includes(value) ? (value as DetailLevel) : 'medium';
}

/**
 * Reproduce and Vary with the credits each costs (as /create estimates it for the recipe's
 * variations and detail level), and the simulated progress while one runs; the new render's page
 * opens when it is ready.
 */
function RunAgain({ item, subscription }: { item: GenerationItem; subscription: Subscription | null }) {
  const { mutation, progress } = useRerunGeneration(item.id);
  if (!item.recipe) {
    return (
      <Section id="rerun" heading={T.rerun.heading}>
        <Typography variant="body2" color="text.secondary">
          {T.noRecipe}
        </Typography>
      </Section>
    );
  }
  const cost = creditsMeter(subscription, item.recipe.variations, detailLevelOf(item.recipe.detailLevel)).cost;
  const running = mutation.isPending;
  return (
    <Section id="rerun" heading={T.rerun.heading} intro={T.rerun.intro} testId="generation-rerun">
      <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<ReplayOutlined fontSize="small" />}
          disabled={running}
          onClick={() => mutation.mutate('same')}
          title={T.rerun.reproduceHint}
          data-testid="reproduce"
        >
          {T.rerun.reproduce} · {T.rerun.cost(cost)}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AutoAwesomeMotionOutlined fontSize="small" />}
          disabled={running}
          onClick={() => mutation.mutate('new')}
          title={T.rerun.varyHint}
          data-testid="vary"
        >
          {T.rerun.vary} · {T.rerun.cost(cost)}
        </Button>
      </Stack>
      {(running || progress > 0) && (
        <Box sx={{ mt: 2.5 }}>
          <ProgressCard
            progress={progress}
            heading={GENERATION_TEXTS.progress.heading}
            label={GENERATION_TEXTS.progress.label}
            caption={GENERATION_TEXTS.progress.simulated}
            testId="generation-progress"
          />
        </Box>
      )}
    </Section>
  );
}

export interface GenerationItemViewProps {
  item: GenerationItem;
  /** The signed-in user's subscription, for the credits Reproduce and Vary cost. */
  subscription: Subscription | null;
}

/**
 * One generation of the library: its renders (each downloadable), status, date and credits, with
 * Share and Delete, and Retry free while it offers it; its recipe in plain words; its lineage; and
 * Reproduce and Vary.
 */
export function GenerationItemView({ item, subscription }: GenerationItemViewProps) {
  const status = generationStatusDisplay(item.status);
  const provider = GENERATION_TEXTS.controls.providerName(item.provider);
  return (
    <Stack spacing={3}>
      <ResultCard
        idPrefix="generation-item"
        heading={results.details(provider, item.metadata?.model ?? null, item.metadata?.size ?? null)}
        meta={T.meta(formatDateTime(item.createdAt), item.images.length, item.creditsUsed)}
        badge={
          <Chip
            size="small"
            variant="outlined"
            color={status.color}
            label={status.label}
            aria-label={`${T.status}: ${status.label}`}
            data-testid="generation-item-status"
          />
        }
        testId="generation-item"
      >
        <ActionToolbar label={LIBRARY_ITEM_TEXTS.itemActionsLabel} testId="generation-item-actions">
          <AddToProjectButton type="generation" id={item.id} />
          <LibraryItemActions type="generation" id={item.id} />
        </ActionToolbar>
        <FreeRetry item={item} />
        {item.images.length > 0 ? <Renders item={item} /> : <NoRenders item={item} />}
      </ResultCard>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }, gap: 3, alignItems: 'start' }}>
        <Section id="recipe" heading={T.recipeHeading} intro={T.recipeIntro}>
          {item.recipe ? (
            <RecipeDetails recipe={item.recipe} seedSupported={item.metadata?.seedSupported ?? null} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {T.noRecipe}
            </Typography>
          )}
        </Section>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <RunAgain item={item} subscription={subscription} />
          <Lineage item={item} />
        </Stack>
      </Box>
    </Stack>
  );
}
