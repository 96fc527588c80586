import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContentEvents } from './content-events';

afterEach(() => vi.restoreAllMocks());

describe('content events', () => {
  it('notifies local listeners at once and resolves once every relay has handed the change on', async () => {
    const events = createContentEvents();
    const log: string[] = [];
    events.onChange(() => log.push('listener'));
    let release: () => void = () => undefined;
    events.addRelay(() => new Promise<void>((resolve) => (release = () => (log.push('relay done'), resolve()))));
    events.addRelay(() => void log.push('sync relay'));

    let settled = false;
    const emitted = events.emitChange().then(() => (settled = true));
    expect(log).toEqual(['listener', 'sync relay']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    release();
    await emitted;
    expect(log).toEqual(['listener', 'sync relay', 'relay done']);
  });

  it('delivers a remote change to the listeners only, never back to the relays', () => {
    const events = createContentEvents();
    const listener = vi.fn();
    const relay = vi.fn();
    events.onChange(listener);
    events.addRelay(relay);
    events.receiveRemoteChange();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(relay).not.toHaveBeenCalled();
  });

  it('removes a relay with the function addRelay returned', async () => {
    const events = createContentEvents();
    const kept = vi.fn();
    const removed = vi.fn();
    events.addRelay(kept);
    const remove = events.addRelay(removed);
    remove();
    await events.emitChange();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
  });

  it('logs a failing relay without failing the change or the other relays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = createContentEvents();
    const other = vi.fn();
    events.addRelay(() => Promise.reject(new Error('canale chiuso')));
    events.addRelay(() => {
      throw new Error('sincrono');
    });
    events.addRelay(other);
    await expect(events.emitChange()).resolves.toBeUndefined();
    expect(other).toHaveBeenCalledTimes(1);
    expect(error.mock.calls.map((call) => String(call[0])).sort()).toEqual([
      '[contenuti] notifica di modifica non inoltrata: canale chiuso',
      '[contenuti] notifica di modifica non inoltrata: sincrono',
    ]);
  });
});
