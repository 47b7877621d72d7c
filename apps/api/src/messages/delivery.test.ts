import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/queue';
import { activate, cylinder, stock, url } from '../tooling/test/stock';
import { createPeerApp, createTestApp, silentLog as log, storeWithTeam, until, type TestContext } from '../tooling/test/helpers';
import { unsentMessages } from './deliver';
import { startFakeGateway } from './fake-gateway';
import { httpSmsGateway, redactor, whatsappGateway, whatsappParameters } from './gateways';

// Delivery: exactly once across crashes, the gateways' HTTP shapes, delivery reports, and no
// credential in any log line or stored error.

let ctx: TestContext;
beforeAll(async () => {
  // No queue in this app: a sale's message stays in the message queue, as if the process had stopped
  // right after committing it.
  ctx = await createTestApp({ jobs: false });
});
afterAll(() => ctx.close());


/** A store whose shop owes, with one receipt waiting in the message queue. */
async function storeWithQueuedReceipt() {
  const t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const item = await cylinder(ctx, t.store.id, t.owner);
  await stock(ctx, t.store.id, t.owner, item.id, { fullCount: 10, emptyCount: 0, problemCount: 0 }, 1200);
  const { rows } = await ctx.pool.query('select id from divisions where store_id = $1 limit 1', [t.store.id]);
  const shop = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/workspace/${t.store.id}/divisions/${rows[0].id}/stores`,
    headers: t.owner.auth,
    payload: { name: 'Karim Traders', phone: '01711223344' },
  });
  const sale = await ctx.app.inject({
    method: 'POST',
    url: url(t.store.id, 'sales'),
    headers: t.staff.auth,
    payload: {
      shopId: shop.json().store.id,
      lines: [{ itemType: 'cylinder', itemId: item.id, quantity: 1 }],
    },
  });
  expect(sale.statusCode).toBe(201);
  const { rows: messages } = await ctx.pool.query(
    'select id, status, text from message_outbox where store_id = $1',
    [t.store.id],
  );
  expect(messages).toHaveLength(1);
  return { t, message: messages[0] as { id: number; status: string; text: string } };
}

const row = async (id: number) =>
  (
    await ctx.pool.query(
      'select status, attempts, gateway, gateway_message_id, last_error from message_outbox where id = $1',
      [id],
    )
  ).rows[0];

describe('exactly once', () => {
  it('a message committed before its process died is sent once by the next process', async () => {
    const { t, message } = await storeWithQueuedReceipt();
    expect(message.status).toBe('queued');
    // The sweep looks for messages older than 30 s; this one was "written half a minute ago".
    await ctx.pool.query(
      `update message_outbox set created_at = app_now() - interval '31 seconds' where id = $1`,
      [message.id],
    );
    const jobs = await startJobs({ connectionString: ctx.url, log, retryDelaySeconds: 1 });
    try {
      const waiting = await unsentMessages(ctx.pool);
      expect(waiting.map((m) => m.id)).toContain(message.id);
      // The sweep and a late post-commit queueing ask at once: still one job, one message.
      await Promise.all([
        jobs.deliverMessages(waiting),
        jobs.deliverMessages([{ storeId: t.store.id, id: message.id }]),
      ]);
      expect(await until(10_000, async () => (await row(message.id)).status === 'unsent')).toBe(true);
      await new Promise((r) => setTimeout(r, 1_000));
      const { rows } = await ctx.pool.query('select text from message_capture where reference = $1', [
        String(message.id),
      ]);
      expect(rows).toEqual([{ text: message.text }]);
      expect(await row(message.id)).toMatchObject({ attempts: 1, gateway: 'capture' });
    } finally {
      await jobs.stop();
    }
  });

  it('a process killed while the gateway has the message: another process sends it, once', async () => {
    const { message } = await storeWithQueuedReceipt();
    const stalling = await startFakeGateway({ stall: true });
    const gateway = await startFakeGateway();
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../jobs/worker-process.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script, ctx.url, '', stalling.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let other: Awaited<ReturnType<typeof startJobs>> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
      });
      const sms = { sms: { url: gateway.url, apiKey: 'test-api-key-1234', style: 'bulksmsbd' as const } };
      other = await startJobs({
        connectionString: ctx.url,
        log,
        work: false,
        expireInSeconds: 2,
        retryDelaySeconds: 1,
        gateways: sms,
      });
      await other.deliverMessages([
        {
          storeId: (await ctx.pool.query('select store_id from message_outbox where id = $1', [message.id]))
            .rows[0].store_id,
          id: message.id,
        },
      ]);
      // The first process has the job and is waiting for the gateway's answer…
      expect(await until(10_000, () => stalling.received.length === 1)).toBe(true);
      child.kill('SIGKILL');
      await other.stop();

      // …another takes over once the job's lease has expired, and the gateway gets it once.
      other = await startJobs({
        connectionString: ctx.url,
        log,
        expireInSeconds: 2,
        maintenanceIntervalSeconds: 1,
        retryDelaySeconds: 1,
        gateways: sms,
      });
      expect(await until(20_000, () => gateway.accepted.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(gateway.accepted).toHaveLength(1);
      expect(gateway.accepted[0].body).toMatchObject({
        number: '8801711223344',
        type: 'unicode',
        message: message.text,
      });
      expect(await row(message.id)).toMatchObject({ status: 'sent', gateway: 'http', attempts: 1 });
      expect((await row(message.id)).gateway_message_id).toMatch(/^gw-\d+$/);
    } finally {
      child.kill('SIGKILL');
      await other?.stop();
      await stalling.close();
      await gateway.close();
    }
  });
});

describe('gateways', () => {
  it('BulkSMSBD, Alpha SMS and SSL Wireless get the key in the body (never the address) and their own fields', async () => {
    const gateway = await startFakeGateway();
    const redact = redactor({});
    const message = {
      reference: '77',
      channel: 'sms' as const,
      to: '+8801711223344',
      text: 'Gas House: you owe Tk 1,400',
      language: 'en' as const,
      kind: 'due_reminder' as const,
      values: {},
    };
    try {
      await httpSmsGateway(
        { url: gateway.url, apiKey: 'k-bulk', senderId: '8809617', style: 'bulksmsbd' },
        redact,
      ).send(message);
      expect(gateway.accepted[0].body).toEqual({
        api_key: 'k-bulk',
        type: 'text',
        number: '8801711223344',
        senderid: '8809617',
        message: message.text,
      });
      expect(gateway.accepted[0].contentType).toBe('application/x-www-form-urlencoded');

      // The fake answers as BulkSMSBD; the other styles are read from their own answers below.
      await expect(
        httpSmsGateway({ url: gateway.url, apiKey: 'k-alpha', style: 'alpha' }, redact).send(message),
      ).rejects.toThrow(/gateway refused/);
      expect(gateway.received[1].body).toEqual({
        api_key: 'k-alpha',
        msg: message.text,
        to: '8801711223344',
      });
      await expect(
        httpSmsGateway({ url: gateway.url, apiKey: 'k-ssl', senderId: 'MOJUD', style: 'ssl' }, redact).send(
          message,
        ),
      ).rejects.toThrow(/gateway refused/);
      expect(gateway.received[2].body).toEqual({
        api_token: 'k-ssl',
        sid: 'MOJUD',
        msisdn: '8801711223344',
        sms: message.text,
        csms_id: '77',
      });
      for (const request of gateway.received) expect(request.headers.authorization).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });

  it('WhatsApp Cloud API: a template message in the shop\u2019s language with the values as parameters', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string, init: RequestInit) => {
      calls.push({ url: String(input), init });
      return new Response(JSON.stringify({ messages: [{ id: 'wamid.ABC' }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      const wa = whatsappGateway(
        {
          token: 'wa-secret-token',
          phoneNumberId: '10987',
          apiUrl: 'https://graph.example/v21.0',
          templatePrefix: 'mojud_',
        },
        redactor({}),
      );
      const values = { store: 'Gas House', total: '৳২,৪০০', paid: '৳১,০০০', due: '৳১,৪০০' };
      const result = await wa.send({
        reference: '5',
        channel: 'whatsapp',
        to: '+8801711223344',
        text: 'x',
        language: 'bn',
        kind: 'sale_receipt',
        values,
      });
      expect(result.gatewayMessageId).toBe('wamid.ABC');
      expect(calls[0].url).toBe('https://graph.example/v21.0/10987/messages');
      expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer wa-secret-token');
      const body = JSON.parse(String(calls[0].init.body));
      expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '8801711223344', type: 'template' });
      expect(body.template.name).toBe('mojud_sale_receipt');
      expect(body.template.language).toEqual({ code: 'bn' });
      expect(body.template.components[0].parameters.map((p: { text: string }) => p.text)).toEqual([
        'Gas House',
        '৳২,৪০০',
        '৳১,০০০',
        '৳১,৪০০',
      ]);
      // The reminder's fourth parameter says how to pay (wallet, number, reference).
      const pay = 'Pay to bKash 01711-223344, ref C-0042';
      expect(whatsappParameters('due_reminder', 'en', { store: 'A', shop: 'B', due: 'Tk 5', pay })).toEqual([
        'A',
        'B',
        'Tk 5',
        pay,
      ]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('delivery reports and credentials', () => {
  it('a delivery report marks the message delivered; a wrong secret is not let in; the key and the secret reach no log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const failing = await startFakeGateway({ fail: true });
    const gateway = await startFakeGateway();
    const apiKey = 'live-key-5f3a9c1e';
    const dlrSecret = 'dlr-secret-9b8a7c6d';
    const peer = await createPeerApp(ctx, {
      logger: { level: 'info', stream } as never,
      gateways: { sms: { url: failing.url, apiKey, style: 'bulksmsbd' }, dlrSecret },
      jobs: { retryDelaySeconds: 1, expireInSeconds: 5 },
    });
    try {
      const { t, message } = await storeWithQueuedReceipt();
      // The gateway fails and echoes the request (the key with it): the error is kept without it.
      await peer.app.jobs!.deliverMessages([{ storeId: t.store.id, id: message.id }]);
      expect(await until(10_000, async () => (await row(message.id)).attempts >= 1)).toBe(true);
      const failed = await row(message.id);
      expect(failed.status).toBe('queued');
      expect(failed.last_error).toMatch(/^gateway answered 500/);
      expect(failed.last_error).toContain('***');
      expect(failed.last_error).not.toContain(apiKey);
      expect(failing.received[0].raw).toContain(apiKey);

      // Sent through a working gateway, then reported delivered.
      await peer.close();
      const working = await createPeerApp(ctx, {
        logger: { level: 'info', stream } as never,
        gateways: { sms: { url: gateway.url, apiKey, style: 'bulksmsbd' }, dlrSecret },
        jobs: { retryDelaySeconds: 1 },
      });
      try {
        await ctx.pool.query('update message_outbox set attempts = 0 where id = $1', [message.id]);
        await working.app.jobs!.deliverMessages([{ storeId: t.store.id, id: message.id }]);
        expect(await until(15_000, async () => (await row(message.id)).status === 'sent')).toBe(true);
        const sent = await row(message.id);
        const wrong = await working.app.inject({
          method: 'POST',
          url: '/api/v1/messages/delivery-reports?secret=nope',
          payload: { message_id: sent.gateway_message_id, status: 'DELIVRD' },
        });
        expect(wrong.statusCode).toBe(404);
        const report = await working.app.inject({
          method: 'POST',
          url: `/api/v1/messages/delivery-reports?secret=${dlrSecret}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `message_id=${sent.gateway_message_id}&status=DELIVRD`,
        });
        expect(report.json()).toEqual({ updated: 1 });
        expect((await row(message.id)).status).toBe('delivered');
        // A late "failed" report does not undo a delivery.
        await working.app.inject({
          method: 'POST',
          url: `/api/v1/messages/delivery-reports?secret=${dlrSecret}`,
          payload: { message_id: sent.gateway_message_id, status: 'UNDELIV' },
        });
        expect((await row(message.id)).status).toBe('delivered');
      } finally {
        await working.close();
      }
      const logged = lines.join('');
      expect(logged).toContain('delivery-reports?secret=***');
      expect(logged).toContain('message not sent');
      expect(logged).not.toContain(apiKey);
      expect(logged).not.toContain(dlrSecret);
    } finally {
      await peer.close().catch(() => {});
      await failing.close();
      await gateway.close();
    }
  });
});
