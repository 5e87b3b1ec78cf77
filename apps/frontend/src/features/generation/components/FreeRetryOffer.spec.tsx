/**
 * @jest-environment jsdom
 */
import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { FreeRetryOffer } from './FreeRetryOffer';

describe('FreeRetryOffer', () => {
  it('offers Retry free while the generation offers it, and says why', () => {
    const onRetry = jest.fn();
    renderWithProviders(<FreeRetryOffer state="offered" onRetry={onRetry} disabled={false} />);
    expect(screen.getByTestId('free-retry-offer')).toHaveTextContent('A render lost much of your sketch’s geometry.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry free' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('cannot be clicked while a generation runs', () => {
    renderWithProviders(<FreeRetryOffer state="offered" onRetry={() => undefined} disabled />);
    expect(screen.getByRole('button', { name: 'Retry free' })).toBeDisabled();
  });

  it('is gone once the free retry has been used, and never shown for a generation that has none', () => {
    const { rerender } = renderWithProviders(<FreeRetryOffer state="used" onRetry={() => undefined} disabled={false} />);
    expect(screen.queryByRole('button', { name: 'Retry free' })).toBeNull();
    rerender(<FreeRetryOffer state={null} onRetry={() => undefined} disabled={false} />);
    expect(screen.queryByTestId('free-retry-offer')).toBeNull();
  });
});
