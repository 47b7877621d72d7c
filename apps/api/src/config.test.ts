import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('lets the dev servers (shell and each remote alone) refresh sessions by default', () => {
    expect(readConfig({ PORT: '3000' }).appOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:4200',
      'http://localhost:4201',
      'http://localhost:4202',
      'http://localhost:4203',
      'http://localhost:4204',
    ]);
  });

  it('APP_ORIGINS replaces the default list', () => {
    expect(readConfig({ APP_ORIGINS: 'https://mojud.example, https://staff.mojud.example' }).appOrigins).toEqual([
      'https://mojud.example',
      'https://staff.mojud.example',
    ]);
  });

  it('opens 8 database connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(readConfig({}).poolSize).toBe(8);
    expect(readConfig({ DATABASE_POOL_SIZE: '30' }).poolSize).toBe(30);
  });
});
