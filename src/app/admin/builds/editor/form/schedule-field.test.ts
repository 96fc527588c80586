import { describe, expect, it } from 'vitest';
import { buildFormFromServer, emptyBuildForm, toBuildInput, validateBuildForm } from './build-form';
import { parseFormValues } from './form-values-schema';
import { serverBuild } from '../server-fixtures';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe("the editor's schedule field (Europe/Rome wall time)", () => {
  it('sends the Rome time as UTC for a scheduled build, and no time for the other statuses', () => {
    const form = { ...emptyBuildForm(), title: 'Build', status: 'scheduled', publish_at: '2026-07-01T09:30' };
    expect(toBuildInput(form).publish_at).toBe('2026-07-01T07:30:00.000Z');
    expect(toBuildInput({ ...form, publish_at: '2026-12-01T09:30' }).publish_at).toBe('2026-12-01T08:30:00.000Z');
    expect(toBuildInput({ ...form, status: 'published' }).publish_at).toBeNull();
  });

  it('shows a stored publish_at as Rome time', () => {
    expect(buildFormFromServer(serverBuild([], { status: 'scheduled', publish_at: '2026-03-29T01:30:00.000Z' })).publish_at).toBe('2026-03-29T03:30');
    expect(buildFormFromServer(serverBuild([])).publish_at).toBe('');
  });

  it('asks for a time still to come, with the server message', () => {
    const form = { ...emptyBuildForm(), title: 'Build', status: 'scheduled' };
    expect(validateBuildForm({ ...form, publish_at: '' }, NOW)).toEqual({ publish_at: 'La data di pubblicazione deve essere nel futuro' });
    expect(validateBuildForm({ ...form, publish_at: '2026-03-01T12:59' }, NOW)).toEqual({ publish_at: 'La data di pubblicazione deve essere nel futuro' });
    expect(validateBuildForm({ ...form, publish_at: '2026-03-01T13:01' }, NOW)).toEqual({});
    expect(validateBuildForm({ ...form, status: 'draft', publish_at: '' }, NOW)).toEqual({});
  });

  it('reads drafts saved before the field existed', () => {
    const { publish_at: _, ...older } = { ...emptyBuildForm(), components: [] };
    expect(parseFormValues(older)?.publish_at).toBe('');
  });
});
