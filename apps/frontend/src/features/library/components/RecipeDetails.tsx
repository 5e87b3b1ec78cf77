import { RecipeSourceAnalysis } from '../../design-loop/components/RecipeSourceAnalysis';
import type { GenerationRecipe } from '@archlens/contracts/generation';
import { sketchInfluenceLabel } from '@archlens/contracts/generation-options';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GENERATION_TEXTS } from '../../generation/texts';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

const R = LIBRARY_ITEM_TEXTS.generation.recipe;
const controls = GENERATION_TEXTS.controls;

/** The name /create gives a lighting or detail level option, or the stored value itself when it is not one of today's options. */
function optionName(names: Record<string, string>, value: string): string {
  return Object.hasOwn(names, value) ? names[value] : value;
}

/**
 * The rows of a recipe in plain words, in the order /create asks for them: what is described, who
 * renders it, then the controls and the inputs. Exported for its unit test.
 * @param seedSupported whether the provider takes a seed (the result's `metadata.seedSupported`;
 *   null when unknown), which says why there is no seed
 * @returns `[term, description, testId]` rows; the sketch reading only when one was used
 */
export function recipeRows(recipe: GenerationRecipe, seedSupported: boolean | null): [string, string, string][] {
  const provider = controls.providerName(recipe.provider);
  const rows: [string, string, string][] = [[R.style, recipe.styleDescription, 'recipe-style']];
  if (recipe.sketchDescription?.trim()) rows.push([R.sketchReading, recipe.sketchDescription, 'recipe-sketch-reading']);
  rows.push(
    [R.provider, R.providerModel(provider, recipe.model), 'recipe-provider'],
    [
      R.seed,
      recipe.seed !== null
        ? recipe.seed.toLocaleString('en-GB', { useGrouping: false })
        : seedSupported === false
          ? R.noSeed(provider)
          : R.randomSeed,
      'recipe-seed',
    ],
    [R.sketchInfluence, R.sketchInfluenceValue(recipe.sketchInfluence, sketchInfluenceLabel(recipe.sketchInfluence)), 'recipe-influence'],
    [R.aspectRatio, R.aspectRatioValue(recipe.aspectRatio), 'recipe-aspect-ratio'],
    [R.lighting, optionName(controls.lightingOptions, recipe.lighting), 'recipe-lighting'],
    [R.detailLevel, optionName(controls.detailLevels, recipe.detailLevel), 'recipe-detail-level'],
    [R.variations, R.variationsValue(recipe.variations), 'recipe-variations'],
    [R.sketch, recipe.sketch.fileName, 'recipe-sketch'],
    [
      R.references,
      recipe.references.length > 0 ? recipe.references.map((r) => r.fileName).join(', ') : R.noReferences,
      'recipe-references',
    ],
  );
  return rows;
}

export interface RecipeDetailsProps {
  recipe: GenerationRecipe;
  /** Whether the provider takes a seed; null when the generation has no result to say so. */
  seedSupported: boolean | null;
}

/**
 * A generation's recipe as a definition list: style description, sketch reading, provider and
 * model, seed, sketch influence, aspect ratio, lighting, detail level, variations, and the names of
 * the sketch and reference images it keeps (their images are not served, so only their names), and
 * the analysis its style came from, when it came from one.
 */
export function RecipeDetails({ recipe, seedSupported }: RecipeDetailsProps) {
  return (
    <>
      <Box
        component="dl"
        data-testid="recipe"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, max-content) minmax(0, 1fr)' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.25 },
          '& dt': { color: 'text.secondary', fontSize: '0.875rem', fontWeight: 600, mt: { xs: 1.25, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {recipeRows(recipe, seedSupported).map(([term, description, testId]) => (
          <Box key={testId} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <Typography component="dd" variant="body2" data-testid={testId} sx={{ lineHeight: 1.6 }}>
              {description}
            </Typography>
          </Box>
        ))}
      </Box>
      {recipe.sourceAnalysisId && <RecipeSourceAnalysis analysisId={recipe.sourceAnalysisId} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        {R.inputsNote}
      </Typography>
    </>
  );
}
