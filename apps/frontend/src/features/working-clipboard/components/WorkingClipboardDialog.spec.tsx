/**
 * @jest-environment jsdom
 */
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '../../../testing/render-with-providers';
import WorkingClipboardDialog from './WorkingClipboardDialog';

const STORAGE_KEY = 'archlens_clipboard_text';
const BASE_PROMPT =
  'Transform this architectural sketch. The sketch depicts a conceptual architectural design idea and intent. Create a hyper-photorealistic architectural visualisation in this design style:';
/** Spec §3: the default template. */
const TEMPLATE = `Working Clipboard - AI Generation Prompt Builder\n\nPrompt you can use:\n${BASE_PROMPT}\n\n[PASTE YOUR DESIGN LANGUAGE HERE]\n`;
const DESIGN_LANGUAGE = 'A calm brick front, ordered in three bays and lifted on a recessed glazed base.';
const WITH_DESIGN_LANGUAGE = `${TEMPLATE}\n——— Design Language Analysis (Primary) · 24/11/2026, 10:30 ———\n${DESIGN_LANGUAGE}\n`;

function renderDialog() {
  const onClose = jest.fn<() => void>();
  const rendered = renderWithProviders(<WorkingClipboardDialog open onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Working Clipboard' });
  return { ...rendered, onClose, dialog, text: within(dialog).getByRole('textbox', { name: 'Clipboard text' }) };
}

const characters = (n: number) => `${n.toLocaleString('en-GB')} characters`;

beforeEach(() => window.localStorage.clear());

describe('WorkingClipboardDialog', () => {
  it('opens on the default template when nothing is stored, with its character count', () => {
    const { dialog, text } = renderDialog();

    expect(text).toHaveValue(TEMPLATE);
    expect(within(dialog).getByText(characters(TEMPLATE.length))).toBeInTheDocument();
    expect(within(dialog).getByText('Last saved: Auto-saved')).toBeInTheDocument();
    for (const name of ['Paste', 'Copy All', 'Email Myself', 'Make Compact', 'Clear', 'Done']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('shows the stored text, and saves and counts each edit', async () => {
    window.localStorage.setItem(STORAGE_KEY, 'My notes');
    const { user, dialog, text } = renderDialog();
    expect(text).toHaveValue('My notes');
    expect(within(dialog).getByText(characters(8))).toBeInTheDocument();

    await user.type(text, ' on brick');
    expect(text).toHaveValue('My notes on brick');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('My notes on brick');
    expect(within(dialog).getByText(characters(17))).toBeInTheDocument();

    await user.clear(text);
    await user.type(text, 'a');
    expect(within(dialog).getByText('1 character')).toBeInTheDocument();
  });

  it('Clear puts the default template back and forgets the stored text', async () => {
    window.localStorage.setItem(STORAGE_KEY, WITH_DESIGN_LANGUAGE);
    const { user, dialog, text } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(text).toHaveValue(TEMPLATE);
    expect(within(dialog).getByText(characters(TEMPLATE.length))).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(await findToast('Reset to Default')).toHaveTextContent('Clipboard has been reset to default template.');
  });

  it('Make Compact on the template alone says there is no content', async () => {
    const { user, dialog } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Make Compact' }));

    expect(await findToast('No Content Found')).toHaveTextContent('Please add content after the base prompt first.');
    expect(within(dialog).queryByRole('textbox', { name: 'Compact prompt' })).not.toBeInTheDocument();
  });

  it('Make Compact is disabled when the text lacks the base prompt', async () => {
    const { user, dialog, text } = renderDialog();
    expect(within(dialog).getByRole('button', { name: 'Make Compact' })).toBeEnabled();

    await user.clear(text);
    await user.type(text, 'Only my own notes');
    expect(within(dialog).getByRole('button', { name: 'Make Compact' })).toBeDisabled();
  });

  it('Make Compact shows a read-only compact prompt with its length, which Copy copies', async () => {
    window.localStorage.setItem(STORAGE_KEY, WITH_DESIGN_LANGUAGE);
    const { user, dialog, text } = renderDialog();
    const compact = `${BASE_PROMPT}\n${DESIGN_LANGUAGE}`;

    await user.click(within(dialog).getByRole('button', { name: 'Make Compact' }));

    expect(await findToast('Compact Prompt Created')).toHaveTextContent(`Generated ${compact.length} character prompt`);
    const prompt = within(dialog).getByRole('textbox', { name: 'Compact prompt' });
    expect(prompt).toHaveValue(compact);
    expect(prompt).toHaveAttribute('readonly');
    expect(within(dialog).getByText(characters(compact.length))).toBeInTheDocument();
    expect(text).toHaveValue(WITH_DESIGN_LANGUAGE);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(compact);
    expect(await findToast('Copied')).toHaveTextContent('Compact prompt copied to clipboard.');
  });

  it('Done closes the dialog', async () => {
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
