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

  it('CORS_ORIGINS names further origins one by one, as a browser sends them; nothing by default', () => {
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(readConfig({ CORS_ORIGINS: 'https://shop.example/, http://localhost:5173' }).corsOrigins).toEqual([
      'https://shop.example',
      'http://localhost:5173',
    ]);
    expect(() => readConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: "\*"/);
    expect(() => readConfig({ CORS_ORIGINS: 'shop.example' })).toThrow(/CORS_ORIGINS/);
    expect(() => readConfig({ APP_ORIGINS: 'file:///tmp/app' })).toThrow(/APP_ORIGINS/);
  });

  it('opens 8 database connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(readConfig({}).poolSize).toBe(8);
    expect(readConfig({ DATABASE_POOL_SIZE: '30' }).poolSize).toBe(30);
  });

  it('reads heavy reports from DATABASE_READ_URL only when it is set', () => {
    expect(readConfig({}).databaseReadUrl).toBeUndefined();
    expect(readConfig({ DATABASE_READ_URL: '' }).databaseReadUrl).toBeUndefined();
    expect(readConfig({ DATABASE_READ_URL: 'postgres://mojud@127.0.0.1:5433/mojud' }).databaseReadUrl).toBe('postgres://mojud@127.0.0.1:5433/mojud');
  });

  it('serves an environment of the release store when RELEASE_ENV names one; REMOTES_FILE wins', () => {
    const config = readConfig({ RELEASES_DIR: '/srv/releases', RELEASE_ENV: 'production', OPERATOR_USERS: 'nadia, rafiq' });
    expect(config.releasesDir).toBe('/srv/releases');
    expect(config.remotesFile).toBe('/srv/releases/environments/production/remotes.json');
    expect(config.operators).toEqual(['nadia', 'rafiq']);
    expect(readConfig({ RELEASES_DIR: '/srv/releases', RELEASE_ENV: 'staging', REMOTES_FILE: '/etc/remotes.json' }).remotesFile).toBe(
      '/etc/remotes.json',
    );
    expect(readConfig({}).operators).toEqual([]);
  });
});
