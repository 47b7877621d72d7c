import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../mail/smtp-capture';
import { createTestApp, silentLog as log, until, type TestContext } from '../tooling/test/helpers';
import { startJobs } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: false });
});
afterAll(() => ctx.close());

const newMail = async (to: string) =>
  (
    await ctx.pool.query<{ id: number }>(
      `insert into outbox (to_address, subject, body) values ($1, 'You are invited', 'Open the link') returning id`,
      [to],
    )
  ).rows[0].id;

describe('the e-mail job', () => {
  it('a job whose process is killed mid-delivery is retried by another process and done once', async () => {
    const stalling = await startSmtpCapture({ stall: true });
    const smtp = await startSmtpCapture();
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-process.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script, ctx.url, stalling.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let other: Awaited<ReturnType<typeof startJobs>> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
      });
      const id = await newMail('killed@example.com');
      // Every process that starts applies its queue settings, so this one must not bring back
      // the 10 s default retry delay (with backoff, ~17 s before the retry may start).
      other = await startJobs({ connectionString: ctx.url, smtpUrl: smtp.url, log, work: false, expireInSeconds: 2, retryDelaySeconds: 1 });
      await other.deliverMail([id]);
      // The first process has the job and is in the middle of sending it…
      expect(await until(10_000, () => stalling.received.length === 1)).toBe(true);
      child.kill('SIGKILL');
      await other.stop();

      // …another process takes over once the job's lease has expired.
      other = await startJobs({ connectionString: ctx.url, smtpUrl: smtp.url, log, expireInSeconds: 2, maintenanceIntervalSeconds: 1, retryDelaySeconds: 1 });
      expect(await until(20_000, () => smtp.messages.length > 0)).toBe(true);
      // Done once: no second delivery, the row is marked sent, the job completed after a retry.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(smtp.messages.map((m) => m.to)).toEqual([['killed@example.com']]);
      const { rows: sent } = await ctx.pool.query('select sent_at from outbox where id = $1', [id]);
      expect(sent[0].sent_at).not.toBeNull();
      const { rows: jobs } = await ctx.pool.query(
        `select state, retry_count from pgboss.job where name = 'mail-deliver' and data->>'id' = $1`,
        [String(id)],
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      child.kill('SIGKILL');
      await other?.stop();
      await stalling.close();
      await smtp.close();
    }
  });

  it('two processes asked to deliver the same message send it once', async () => {
    const smtp = await startSmtpCapture();
    const first = await startJobs({ connectionString: ctx.url, smtpUrl: smtp.url, log });
    const second = await startJobs({ connectionString: ctx.url, smtpUrl: smtp.url, log });
    try {
      const id = await newMail('twice@example.com');
      await Promise.all([first.deliverMail([id]), second.deliverMail([id]), first.deliverMail([id])]);
      expect(await until(10_000, () => smtp.messages.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
      await smtp.close();
    }
  });
});
