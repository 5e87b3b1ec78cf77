/**
 * @jest-environment jsdom
 */
import { MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANALYSIS_TEXTS } from '../../features/analysis/texts';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ImageUploadCard } from './ImageUploadCard';
import { useImageSelection } from './use-image-selection';

/** The upload card as /analyse uses it: 10 photos, its texts and 'Remove all'. */
function AnalysisUpload({ onSubmit }: { onSubmit: (files: File[]) => void }) {
  const selection = useImageSelection(MAX_ANALYSIS_IMAGES);
  return (
    <ImageUploadCard
      selection={selection}
      maxImages={MAX_ANALYSIS_IMAGES}
      busy={false}
      texts={ANALYSIS_TEXTS.upload}
      onSubmit={() => onSubmit(selection.images.map((image) => image.file))}
      clearAction={{ label: ANALYSIS_TEXTS.clearAll, onClick: selection.clearImages }}
    />
  );
}

/** The first bytes of a JPEG: the card reads them, so a photo here must start like one. */
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const photo = (name: string, type = 'image/jpeg') => new File([JPEG_START, 'pixels'], name, { type });
const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(`photo-${i + 1}.jpg`));

function renderCard() {
  const onSubmit = jest.fn<(files: File[]) => void>();
  const rendered = renderWithProviders(<AnalysisUpload onSubmit={onSubmit} />);
  return { ...rendered, onSubmit, input: screen.getByLabelText('Upload Images') };
}

const uploadedHeading = () => screen.getByRole('heading', { level: 3, name: /^Uploaded Images/ });

beforeEach(() => {
  // jsdom has no object URLs; the previews only need a distinct address each.
  let next = 0;
  URL.createObjectURL = () => `blob:preview-${++next}`;
  URL.revokeObjectURL = () => undefined;
});

describe('ImageUploadCard', () => {
  it('starts empty, with Generate Analysis disabled', () => {
    renderCard();
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (0/10)');
    expect(screen.queryByRole('list', { name: /Uploaded Images/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Analysis' })).toBeDisabled();
  });

  it('accepts images chosen with Upload Images and previews each with its name', async () => {
    const { user, input } = renderCard();
    await user.upload(input, [photo('front.jpg'), photo('detail.png', 'image/png')]);

    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (2/10)'));
    const list = screen.getByRole('list', { name: 'Uploaded Images (2/10)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'detail.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Analysis' })).toBeEnabled();
  });

  it("refuses a file that is not an image with the spec's toast, and adds nothing from its batch", async () => {
    renderCard();
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: { files: [photo('front.jpg'), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })] },
    });

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid Files');
    expect(toast).toHaveTextContent('"brief.pdf" is not an image file.');
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (0/10)');
  });

  it('refuses more than 10 images, and stops offering uploads at 10', async () => {
    const { user, input } = renderCard();
    await user.upload(input, photos(11));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Too Many Files');
    expect(toast).toHaveTextContent('Please select up to 10 images only.');
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (0/10)');

    await user.upload(input, photos(10));
    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (10/10)'));
    expect(screen.getByText('Upload Images')).toHaveAttribute('aria-disabled', 'true');
  });

  it('removes one image with its remove button, and all with Remove all', async () => {
    const { user, input } = renderCard();
    await user.upload(input, [photo('front.jpg'), photo('side.jpg'), photo('rear.jpg')]);
    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (3/10)'));

    await user.click(screen.getByRole('button', { name: 'Remove side.jpg' }));
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (2/10)');
    expect(screen.queryByRole('img', { name: 'side.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (0/10)');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Analysis' })).toBeDisabled();
  });

  it('submits the images in the order chosen', async () => {
    const { user, input, onSubmit } = renderCard();
    await user.upload(input, [photo('front.jpg'), photo('side.jpg')]);
    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (2/10)'));
    await user.upload(input, photo('rear.jpg'));
    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (3/10)'));

    await user.click(screen.getByRole('button', { name: 'Generate Analysis' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0].map((file) => file.name)).toEqual(['front.jpg', 'side.jpg', 'rear.jpg']);
  });

  it('reads each file: a text file named notimage.jpg is refused at once with the spec text, and no thumbnail', async () => {
    const { user, input } = renderCard();
    await user.upload(input, new File(['just some notes'], 'notimage.jpg', { type: 'image/jpeg' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid Files');
    expect(toast).toHaveTextContent('"notimage.jpg" is not an image file.');
    expect(uploadedHeading()).toHaveTextContent('Uploaded Images (0/10)');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Analysis' })).toBeDisabled();
  });

  it('accepts a real image whatever its name says', async () => {
    const { user, input } = renderCard();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    await user.upload(input, new File([png], 'elevation.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(uploadedHeading()).toHaveTextContent('Uploaded Images (1/10)'));
  });

  it('is usable by keyboard: Tab reaches Upload Images, and Enter or Space opens the file chooser', async () => {
    const { user, input } = renderCard();
    const opened = jest.fn();
    input.addEventListener('click', (event) => {
      event.preventDefault(); // jsdom has no file chooser; count the openings
      opened();
    });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Upload Images' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
  });
});
