/**
 * @jest-environment jsdom
 */
import type { GenerationRecipe } from '@archlens/contracts/generation';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RecipeDetails } from './RecipeDetails';

const HASH = 'a'.repeat(64);
const RECIPE: GenerationRecipe = {
  sketch: { fileName: 'house-facade.png', sha256: HASH },
  references: [
    { fileName: 'concrete_brutalism.png', sha256: 'b'.repeat(64) },
    { fileName: 'building_sunset_concrete.png', sha256: 'c'.repeat(64) },
  ],
  styleDescription: 'Board-marked concrete, deep window reveals and oak soffits.',
  sketchDescription: 'Reads as an elevation: a two-storey house with a centred entrance.',
  provider: 'stability-ai',
  model: 'sd3-large',
  seed: 4242,
  sketchInfluence: 80,
  aspectRatio: 'A4_portrait',
  lighting: 'golden_hour',
  detailLevel: 'high',
  variations: 2,
};

/** The recipe's definition list as term → description, as a reader sees it. */
function shownRecipe(): Record<string, string> {
  const list = screen.getByTestId('recipe');
  const terms = within(list).getAllByRole('term');
  const definitions = within(list).getAllByRole('definition');
  expect(terms).toHaveLength(definitions.length);
  return Object.fromEntries(terms.map((term, index) => [term.textContent, definitions[index].textContent]));
}

describe('RecipeDetails', () => {
  it('says every part of the recipe in plain words, in the order /create asks for them', () => {
    renderWithProviders(<RecipeDetails recipe={RECIPE} seedSupported />);

    expect(shownRecipe()).toEqual({
      'Style description': 'Board-marked concrete, deep window reveals and oak soffits.',
      'Sketch reading': 'Reads as an elevation: a two-storey house with a centred entrance.',
      'Provider and model': 'Stability AI, model sd3-large',
      Seed: '4242',
      'Sketch influence': '80% · Very high adherence',
      'Aspect ratio': 'A4 portrait',
      Lighting: 'Golden hour',
      'Detail level': 'High',
      Variations: '2 images',
      Sketch: 'house-facade.png',
      'Reference images': 'concrete_brutalism.png, building_sunset_concrete.png',
    });
    // Nothing of the content hashes is shown.
    expect(screen.getByTestId('recipe')).not.toHaveTextContent(HASH);
  });

  it('keeps a large seed as its digits, without grouping', () => {
    renderWithProviders(<RecipeDetails recipe={{ ...RECIPE, seed: 4_294_967_294 }} seedSupported />);
    expect(screen.getByTestId('recipe-seed')).toHaveTextContent(/^4294967294$/);
  });

  it('says why there is no seed: a provider that takes none, or one chosen at random and not kept', () => {
    const openai = { ...RECIPE, provider: 'openai' as const, model: null, seed: null };
    const { unmount } = renderWithProviders(<RecipeDetails recipe={openai} seedSupported={false} />);
    expect(shownRecipe()['Seed']).toBe('None: OpenAI does not take a seed.');
    // Without a model the provider stands alone.
    expect(shownRecipe()['Provider and model']).toBe('OpenAI');
    unmount();

    renderWithProviders(<RecipeDetails recipe={{ ...RECIPE, seed: null }} seedSupported={null} />);
    expect(shownRecipe()['Seed']).toBe('None kept: the provider chose one at random.');
  });

  it('leaves out an empty sketch reading, says None for no references and shows a stored value it no longer offers as it is', () => {
    renderWithProviders(
      <RecipeDetails
        recipe={{ ...RECIPE, sketchDescription: null, references: [], lighting: 'moonlight', detailLevel: 'medium', variations: 1 }}
        seedSupported
      />,
    );
    const shown = shownRecipe();
    expect(shown).not.toHaveProperty('Sketch reading');
    expect(shown['Reference images']).toBe('None');
    expect(shown['Lighting']).toBe('moonlight');
    expect(shown['Detail level']).toBe('Medium');
    expect(shown['Variations']).toBe('1 image');
  });
});
