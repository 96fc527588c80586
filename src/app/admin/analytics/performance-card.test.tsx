// @vitest-environment happy-dom
/**
 * The editor's 'Rendimento' card tells the author what visitors chose when they personalised the build
 * (decision 030), as sentences over the personalised visits, or that nobody did yet.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildAnalytics } from '../../../modules/analytics/analytics.schema';
import { PerformanceCard } from './performance-card';

afterEach(cleanup);

const analytics = (overrides: Partial<BuildAnalytics> = {}): BuildAnalytics => ({
  from: '2026-10-30',
  to: '2026-11-28',
  views: 40,
  clicks: 5,
  cart_clicks: 1,
  click_rate: 0.125,
  days: [{ day: '2026-11-28', views: 40, clicks: 5 }],
  components: [],
  personalized_views: 10,
  choices: [],
  ...overrides,
});

describe('PerformanceCard: visitors’ choices', () => {
  it('lists the most chosen swaps and owned parts as sentences over the personalised visits', () => {
    render(
      <PerformanceCard
        days={30}
        analytics={{
          ok: true,
          data: analytics({
            choices: [
              { kind: 'swap', component_id: 2, asin: 'B0GPUALT01', name: 'RTX 5060 Ti', count: 3 },
              { kind: 'owned', component_id: 3, asin: 'B0C1234567', name: 'Corsair Vengeance 32GB DDR5', count: 2 },
              { kind: 'swap', component_id: 1, asin: 'B0CPUALT01', name: 'AMD Ryzen 7 7700', count: 1 },
            ],
          }),
        }}
      />,
    );
    const items = within(screen.getByTestId('build-choices')).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '3 visitatori su 10 scelgono RTX 5060 Ti',
      '2 visitatori su 10 hanno già Corsair Vengeance 32GB DDR5',
      '1 visitatore su 10 sceglie AMD Ryzen 7 7700',
    ]);
  });

  it('says so when nobody personalised the build', () => {
    render(<PerformanceCard days={30} analytics={{ ok: true, data: analytics({ personalized_views: 0 }) }} />);
    expect(screen.getByTestId('build-choices').textContent).toContain('Nessun visitatore ha ancora personalizzato questa build.');
  });
});

describe('PerformanceCard: email alerts', () => {
  it('shows the build’s active alerts count, also when the analytics failed', () => {
    render(<PerformanceCard days={30} activeAlerts={1234} analytics={{ ok: false, error: 'Statistiche non disponibili' }} />);
    expect(screen.getByTestId('build-performance-alerts').textContent).toBe('Avvisi email attivi: 1.234');
  });

  it('shows nothing about alerts when the count could not be read', () => {
    render(<PerformanceCard days={30} activeAlerts={null} analytics={{ ok: true, data: analytics() }} />);
    expect(screen.queryByTestId('build-performance-alerts')).toBeNull();
  });
});
