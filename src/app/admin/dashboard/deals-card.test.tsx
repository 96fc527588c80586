// @vitest-environment happy-dom
/**
 * The dashboard's "Offerte" card (decision 046): the deals and, with the channel on, the posts sent, waiting
 * and given up, and Telegram's last failure; with the channel off, the settings that turn it on.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DealsCard } from './deals-card';

afterEach(cleanup);

describe('DealsCard', () => {
  it('shows the deals, the posts and the last failure as Telegram described it', () => {
    render(<DealsCard stats={{ deals: 3, telegram: { enabled: true, sent: 12, waiting: 2, failed: 1, last_failure: { at: '2026-11-29T10:00:00.000Z', error: 'Telegram ha rifiutato il messaggio (400): Bad Request: chat not found' } } }} />);
    expect(screen.getByTestId('deals-deals').textContent).toBe('3');
    expect(screen.getByTestId('deals-sent').textContent).toBe('12');
    expect(screen.getByTestId('deals-waiting').textContent).toBe('2');
    expect(screen.getByTestId('deals-failed').textContent).toBe('1');
    expect(screen.getByTestId('deals-last-failure').textContent).toBe('Ultimo errore di Telegram (29/11/2026, 11:00): Telegram ha rifiutato il messaggio (400): Bad Request: chat not found');
  });

  it('with the channel off, shows the deals and how to turn the channel on', () => {
    render(<DealsCard stats={{ deals: 0, telegram: { enabled: false, sent: 0, waiting: 0, failed: 0, last_failure: null } }} />);
    expect(screen.getByTestId('deals-deals').textContent).toBe('0');
    expect(screen.queryByTestId('deals-sent')).toBeNull();
    expect(screen.getByTestId('deals-card').textContent).toContain('TELEGRAM_BOT_TOKEN e TELEGRAM_CHAT_ID');
  });
});
