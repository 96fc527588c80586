import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('start-up with a bad setting', () => {
  it('stops with exit code 1 and one clear line naming the setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'ottanta' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configurazione non valida: PORT /);
    expect(result.stdout).toBe('');
  });
});
