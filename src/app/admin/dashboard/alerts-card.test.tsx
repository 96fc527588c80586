// @vitest-environment happy-dom
/**
 * The dashboard's "Avvisi email" card says when a cap on confirmation mails is full (decision 036), one
 * line per cap, and says nothing when none is.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertStatsResponse } from '../../../modules/alerts/alerts.schema';
import { AlertsCard } from './alerts-card';

afterEach(cleanup);

function renderCard(alerts: AlertStatsResponse) {
  const router = createMemoryRouter([{ path: '/', element: <AlertsCard counts={{ alerts, mail: [{ day: '2026-11-28', sent: 4 }] }} days={7} /> }]);
  render(<RouterProvider router={router} />);
}

describe('AlertsCard: caps reached', () => {
  it('shows one Italian line per full cap, with its window and its end', () => {
    renderCard({
      pending: 2,
      builds: [],
      limits_reached: [
        { scope: 'site', window: 'hour', count: 1, until: '2026-11-28T10:30:00.000Z' },
        { scope: 'domain', window: 'day', count: 2, until: '2026-11-29T08:00:00.000Z' },
      ],
    });
    const lines = screen.getByTestId('alert-limits-reached').querySelectorAll('li');
    expect([...lines].map((line) => line.textContent)).toEqual([
      'Limite di email di conferma raggiunto (sito, ultima ora): nuove richieste senza email fino al 28/11/2026, 11:30',
      'Limite di email di conferma raggiunto (2 domini, ultime 24 ore): nuove richieste senza email fino al 29/11/2026, 09:00',
    ]);
  });

  it('shows no such line when no cap is full', () => {
    renderCard({ pending: 0, builds: [], limits_reached: [] });
    expect(screen.getByTestId('alerts-card').textContent).toContain('In attesa di conferma');
    expect(screen.queryByTestId('alert-limits-reached')).toBeNull();
  });
});
