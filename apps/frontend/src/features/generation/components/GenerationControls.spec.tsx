/**
 * @jest-environment jsdom
 */
import type { GenerationProvider } from '@archlens/contracts/generation-options';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { DEFAULT_SETTINGS, type GenerationSettings, type ProviderAvailability } from '../generation-rules';
import { GenerationControls } from './GenerationControls';

type Availability = Record<GenerationProvider, ProviderAvailability>;

const ALL_AVAILABLE: Availability = { sora: 'available', openai: 'available', 'stability-ai': 'available', midjourney: 'available' };

/** The controls as /create holds them: each change merged into the settings shown. */
function Controls({ availability, initial, locked }: { availability: Availability; initial: GenerationSettings; locked: boolean }) {
  const [settings, setSettings] = useState(initial);
  return (
    <GenerationControls
      settings={settings}
      onChange={(change) => setSettings((previous) => ({ ...previous, ...change }))}
      locked={locked}
      availability={availability}
    />
  );
}

function renderControls({
  availability = ALL_AVAILABLE,
  initial = DEFAULT_SETTINGS,
  locked = false,
}: { availability?: Availability; initial?: GenerationSettings; locked?: boolean } = {}) {
  return renderWithProviders(<Controls availability={availability} initial={initial} locked={locked} />);
}

const provider = () => screen.getByRole('combobox', { name: 'Provider' });
const slider = () => screen.getByRole('slider', { name: 'Sketch influence' });
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('button', { pressed: true })
    .map((button) => button.textContent);

describe('GenerationControls', () => {
  it('shows the spec §9 defaults', () => {
    renderControls();

    expect(screen.getByRole('heading', { name: 'Generation Settings' })).toBeInTheDocument();
    expect(provider()).toHaveDisplayValue('Sora (workflow)');
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveDisplayValue('16:9');
    expect(screen.getByRole('combobox', { name: 'Lighting' })).toHaveDisplayValue('Golden hour');
    expect(pressed('Detail level')).toEqual(['Medium']);
    expect(pressed('Variations')).toEqual(['1']);
    expect(slider()).toHaveValue('75');
    expect(slider()).toHaveAttribute('aria-valuetext', '75% · Moderate');
    expect(screen.getByText('75% · Moderate')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Seed (optional)' })).toHaveValue('');
  });

  it('offers the four providers, the workflows marked as such, and the other choices', () => {
    renderControls();

    expect(
      within(provider())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sora (workflow)', 'OpenAI', 'Stability AI', 'Midjourney (workflow)']);
    const aspectRatios = within(screen.getByRole('combobox', { name: 'Aspect ratio' })).getAllByRole('option');
    expect(aspectRatios.map((option) => option.textContent)).toEqual(['16:9', '3:2', '1:1', 'A4 portrait']);
    const lighting = within(screen.getByRole('combobox', { name: 'Lighting' })).getAllByRole('option');
    expect(lighting.map((option) => option.textContent)).toEqual(['Golden hour', 'Soft daylight', 'Overcast', 'Evening']);
  });

  it('says what the provider chosen does', async () => {
    const { user } = renderControls();
    expect(screen.getByText('A prompt workflow for OpenAI Sora: no image is made here and no key is needed.')).toBeInTheDocument();

    await user.selectOptions(provider(), 'Stability AI');
    expect(provider()).toHaveDisplayValue('Stability AI');
    expect(screen.getByText('Renders images here with Stability AI’s sketch control.')).toBeInTheDocument();
  });

  it('shows a provider this server cannot use as a disabled option that says why', () => {
    renderControls({ availability: { ...ALL_AVAILABLE, openai: 'not-configured', 'stability-ai': 'checking' } });

    expect(screen.getByRole('option', { name: 'OpenAI (not configured on this server)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Stability AI (checking…)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Sora (workflow)' })).toBeEnabled();
    expect(screen.getByRole('option', { name: 'Midjourney (workflow)' })).toBeEnabled();
  });

  it('explains, under the control, why a provider already chosen cannot render, and the setting that enables it', () => {
    renderControls({ availability: { ...ALL_AVAILABLE, openai: 'not-configured' }, initial: { ...DEFAULT_SETTINGS, provider: 'openai' } });

    expect(provider()).toHaveDisplayValue('OpenAI (not configured on this server)');
    expect(provider()).toHaveAccessibleDescription(
      'OpenAI is not configured on this server, so it cannot render here. Choose the Sora or Midjourney workflow instead. ' +
        'OpenAI is enabled by setting OPENAI_API_KEY (or GENERATION_OPENAI_API_KEY) on the server.',
    );
    expect(provider()).toBeInvalid();
  });

  it('names the setting of each provider not configured, and none when all are', () => {
    const { unmount } = renderControls({ availability: { ...ALL_AVAILABLE, openai: 'not-configured', 'stability-ai': 'not-configured' } });
    expect(screen.getAllByTestId('provider-setting-hint').map((hint) => hint.textContent)).toEqual([
      'OpenAI is enabled by setting OPENAI_API_KEY (or GENERATION_OPENAI_API_KEY) on the server.',
      'Stability AI is enabled by setting STABILITY_API_KEY on the server.',
    ]);
    unmount();

    renderControls();
    expect(screen.queryByTestId('provider-setting-hint')).not.toBeInTheDocument();
  });

  it.each([
    [0, 'Loose inspiration'],
    [45, 'Loose inspiration'],
    [50, 'Moderate'],
    [75, 'Moderate'],
    [80, 'Very high adherence'],
    [100, 'Very high adherence'],
  ])('names sketch influence %i%% "%s"', (value, band) => {
    renderControls();
    fireEvent.change(slider(), { target: { value: String(value) } });

    expect(slider()).toHaveValue(String(value));
    expect(slider()).toHaveAttribute('aria-valuetext', `${value}% · ${band}`);
    expect(screen.getByText(`${value}% · ${band}`)).toBeInTheDocument();
  });

  it('moves sketch influence in steps of 5 from the keyboard', async () => {
    const { user } = renderControls();
    act(() => slider().focus());

    await user.keyboard('{ArrowRight}');
    expect(slider()).toHaveAttribute('aria-valuetext', '80% · Very high adherence');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(slider()).toHaveAttribute('aria-valuetext', '50% · Moderate');
    await user.keyboard('{ArrowLeft}');
    expect(slider()).toHaveAttribute('aria-valuetext', '45% · Loose inspiration');
  });

  it('changes the detail level, the variations and the seed, which takes digits only', async () => {
    const { user } = renderControls();

    await user.click(screen.getByRole('button', { name: 'High' }));
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.type(screen.getByRole('textbox', { name: 'Seed (optional)' }), '12a3');

    expect(pressed('Detail level')).toEqual(['High']);
    expect(pressed('Variations')).toEqual(['4']);
    expect(screen.getByRole('textbox', { name: 'Seed (optional)' })).toHaveValue('123');
  });

  it('is locked while a generation runs', () => {
    renderControls({ locked: true });

    expect(provider()).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Seed (optional)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'High' })).toBeDisabled();
    expect(slider()).toBeDisabled();
  });
});
