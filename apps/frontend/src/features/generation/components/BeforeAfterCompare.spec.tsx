/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
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
});
