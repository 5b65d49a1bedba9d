import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_SECONDS, startJobs } from '../src/lib/jobs';
import { createMailer } from '../src/lib/mailer';
import { mailSubmittedPurchaseOrder } from '../src/modules/purchase-orders/purchase-order-mail';
import { createTestApp, createTestDatabase, type TestApp } from './harness';
import { startMailCatcher } from './mail-catcher';
import {
  orderWithLines,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
} from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';

// A job whose process died mid-run: the queue retries it within its queue's limit rather than
// 15 minutes later, and a purchase-order mail sent again carries the Message-ID of the first.
// A backlog (what piles up while the server is down) is worked faster than one job a second.

let t: TestApp;
let d: SubmitDealer;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApp({ smtpUrl: smtp.url });
  d = await submitDealer(t, 'Redelivery');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe('jobs after a crash', () => {
  it('gives the bounded queues their own active limit, so a job left active by a killed process is retried soon', async () => {
    const { rows } = await t.pool.query<{ name: string; expire_seconds: number | null }>(
      'SELECT name, expire_seconds FROM pgboss.queue WHERE name = ANY($1)',
      [Object.keys(EXPIRE_SECONDS)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.expire_seconds]))).toEqual(EXPIRE_SECONDS);
  });

  it('sends a submitted order’s mail again with the same Message-ID', async () => {
    const s = d.suppliers.online;
    const o = await orderWithLines(d, s, [{ window: 'Home/Lounge', width: 500, height: 500 }]);
    ok(await submit(d.client, o.id, await reviewBody(d, o.id, s)));
    const first = await smtp.waitFor(s.email);
    // The job run again, as the queue does when the process died before it could mark it done.
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'slat@test.local',
      outboxDir: t.outboxDir,
      log: { info: () => {} },
    });
    await mailSubmittedPurchaseOrder(
      {
        db: t.db,
        publicUrl: t.services.config.publicUrl,
        files: t.services.files,
        pdfs: t.services.purchaseOrderPdfs,
        mailer,
      },
      { accountId: d.dealer.accountId, orderId: o.id },
    );
    mailer.close();
    const sent = smtp.mails.filter((m) => m.to.includes(s.email));
    expect(sent).toHaveLength(2);
    const ids = sent.map((m) => messageIdOf(m.raw));
    expect(ids[0]).toMatch(new RegExp(`^<purchase-order-${o.id}@`));
    expect(ids[1]).toBe(ids[0]);
    expect(messageIdOf(first.raw)).toBe(ids[0]);
  });

  it('works a backlog without waiting the polling interval between jobs', async () => {
    // A database of its own: the test app's queue would take these mails too.
    const delivered: string[] = [];
    const jobs = await startJobs({
      databaseUrl: await createTestDatabase(),
      mailer: { mode: 'outbox', deliver: async (m) => void delivered.push(m.subject), close: () => {} },
      log: { error: () => {} },
      work: true,
      pollingIntervalSeconds: 1,
    });
    try {
      for (let i = 0; i < 20; i++)
        await jobs.send('mail', { to: 'a@example.com', subject: `n${i}`, text: '' });
      const started = Date.now();
      while (delivered.length < 20 && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 50));
      expect(delivered).toHaveLength(20);
      // One job a second would take 19 s or more.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await jobs.stop();
    }
  });
});
