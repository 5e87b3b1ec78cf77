/**
 * @jest-environment jsdom
 */
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { BeforeAfterCompare } from './BeforeAfterCompare';

const props = { sketchSrc: 'blob:sketch', renderSrc: '/api/download/job/0', renderAlt: 'Render 1 of your sketch', label: 'Compare' };

describe('BeforeAfterCompare', () => {
  it("shows the render's sketch fidelity, and says what it means", () => {
    renderWithProviders(<BeforeAfterCompare {...props} fidelity={{ score: 82, drift: false }} />);
    const note = screen.getByTestId('sketch-fidelity');
    expect(note).toHaveTextContent('Sketch fidelity 82');
    expect(note).not.toHaveTextContent('Geometry drift');
    expect(note).toHaveAccessibleName("Sketch fidelity 82 of 100: how much of your sketch's lines this render kept.");
  });

  it('marks a render that lost the geometry', () => {
    renderWithProviders(<BeforeAfterCompare {...props} fidelity={{ score: 23, drift: true }} />);
    expect(screen.getByTestId('sketch-fidelity')).toHaveTextContent('Sketch fidelity 23 · Geometry drift');
    expect(screen.getByRole('note')).toHaveAccessibleName("Sketch fidelity 23 of 100: this render lost much of your sketch's geometry.");
  });

  it('shows no score for a render that was not measured', () => {
    renderWithProviders(<BeforeAfterCompare {...props} fidelity={null} />);
    expect(screen.queryByTestId('sketch-fidelity')).toBeNull();
  });

  it("lays the sketch's unmatched lines over the render's side only while the switch is on", () => {
    const overlay = { src: '/api/generations/job/0/fidelity-overlay', label: 'Show unmatched lines on render 1' };
    renderWithProviders(<BeforeAfterCompare {...props} fidelity={{ score: 23, drift: true }} overlay={overlay} />);
    const toggle = screen.getByRole('switch', { name: 'Show unmatched lines on render 1' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByTestId('unmatched-lines-overlay')).toBeNull();

    fireEvent.click(toggle);
    const drawn = screen.getByTestId('unmatched-lines-overlay');
    expect(drawn).toHaveAttribute('src', overlay.src);
    expect(drawn).toHaveStyle({ clipPath: 'inset(0 0 0 50%)' });
    expect(screen.getByText("In magenta: your sketch's lines this render did not keep.")).toBeVisible();

    // The slider moved to 80 % of the sketch: the lines follow it, on the render's side only.
    fireEvent.change(screen.getByRole('slider', { name: 'Compare' }), { target: { value: '80' } });
    expect(drawn).toHaveStyle({ clipPath: 'inset(0 0 0 80%)' });

    fireEvent.click(toggle);
    expect(screen.queryByTestId('unmatched-lines-overlay')).toBeNull();
  });

  it('offers no switch for a render without an overlay', () => {
    renderWithProviders(<BeforeAfterCompare {...props} fidelity={{ score: 82, drift: false }} overlay={null} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Show unmatched lines')).toBeNull();
  });
});
