import { type DealPhase, dealAlerts } from '@slat/domain';
import { sql } from 'drizzle-orm';
import { createDeal, relate, setFlag } from '../../modules/deals/index';
import type { FileStore } from '../../modules/files/index';
import { loadWorkflows } from '../../modules/workflows/index';
import type { Db } from '../database';

const CONTACTS = [
  ['Olivia Bennett', 'olivia.bennett@example.com', '0412 345 678'],
  ['Jack Nguyen', 'jack.nguyen@example.com', '0423 456 789'],
  ['Charlotte Wilson', 'c.wilson@example.com', '0434 567 890'],
  ['Noah Patel', 'noah.patel@example.com', '0445 678 901'],
  ['Amelia Thompson', 'amelia.t@example.com', '0456 789 012'],
  ['William Chen', 'will.chen@example.com', '0467 890 123'],
  ['Isla Robinson', 'isla.robinson@example.com', '0478 901 234'],
  ['Lucas Martin', 'lucas.martin@example.com', '0489 012 345'],
  ['Mia Kelly', 'mia.kelly@example.com', '0490 123 456'],
  ['Henry Walker', 'henry.walker@example.com', '0401 234 567'],
  ['Grace O’Connor', 'grace.oconnor@example.com', '0411 222 333'],
  ['Balmain Childcare Centre', 'office@balmainchildcare.example', '02 9555 0199'],
  ['Rozelle Dental', 'reception@rozelledental.example', '02 9555 0177'],
  ['Harbourview Apartments (Strata)', 'strata@harbourview.example', '02 9555 0123'],
] as const;

/** Where each contact's job is: real-looking Sydney addresses (the demo dealer is in Balmain). */
const SITES = [
  [
    '14 Wattle Street, Paddington NSW 2021',
    'Side gate on the left; the dog is friendly but keep the gate shut.',
  ],
  ['3/27 Ocean Parade, Coogee NSW 2034', 'Unit 3, second floor, no lift. Visitor parking bay 5.'],
  ['82 Darling Street, Balmain NSW 2041', ''],
  ['9 Jacaranda Avenue, Baulkham Hills NSW 2153', 'Key in the lockbox by the garage, code 4471.'],
  ['156 Military Road, Neutral Bay NSW 2089', 'Street parking only; clearway 3–7 pm.'],
  ['21 Kirribilli Avenue, Kirribilli NSW 2061', ''],
  ['7 Banksia Close, Castle Hill NSW 2154', 'Call on arrival; two cats, keep doors closed.'],
  ['45 Carrington Road, Randwick NSW 2031', ''],
  ['11 Bay Street, Double Bay NSW 2028', 'Concierge holds the key; sign in at the front desk.'],
  ['68 Glebe Point Road, Glebe NSW 2037', ''],
  ['5 Smith Street, Summer Hill NSW 2130', 'Rear lane access for the ladder.'],
  ['1 Mort Street, Balmain NSW 2041', 'Centre open 7 am–6 pm; work in the rooms before the children arrive.'],
  [
    'Shop 4, 280 Darling Street, Rozelle NSW 2039',
    'Surgery closed Wednesdays; use the staff entrance at the back.',
  ],
  [
    '2 Harbourview Crescent, Milsons Point NSW 2061',
    'Book the service lift with building management 48 hours ahead.',
  ],
] as const;

const ROOMS = [
  'lounge and dining',
  'three bedrooms',
  'kitchen bay window',
  'whole house',
  'patio awning',
  'study shutters',
];

/** A 1×1 PNG and a short measure sheet: real files, so the demo's attachments open. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const measureSheet = (name: string) =>
  Buffer.from(
    `Measure sheet — ${name}\n\nWindow 1: 1810 x 2100 mm, recess fit\nWindow 2: 920 x 1450 mm, face fit\n`,
  );

/**
 * The demo board: deals in every status of both workflows, with contacts, flags that make the
 * alerts of sales spec §4 show, notes, appointments around today and attachments.
 */
export async function seedDemoDeals(
  db: Db,
  accountId: number,
  userId: number,
  files: FileStore,
): Promise<void> {
  const contactIds: string[] = [];
  for (const [name, email, phone] of CONTACTS) {
    const { rows } = await db.execute<{ id: string }>(
      sql`INSERT INTO contacts (account_id, name, email, phone) VALUES (${accountId}, ${name}, ${email}, ${phone}) RETURNING id`,
    );
    contactIds.push(rows[0]!.id);
  }
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  let n = 0;
  const created: number[] = [];
  for (const workflow of await loadWorkflows(db, accountId)) {
    for (const [si, status] of workflow.statuses.entries()) {
      const count = 1 + ((si * 7 + workflow.id) % 3);
      for (let i = 0; i < count; i++) {
        const contactId = contactIds[n % contactIds.length]!;
        const contactName = CONTACTS[n % CONTACTS.length]![0];
        const room = ROOMS[n % ROOMS.length]!;
        const [siteAddress, accessNotes] = SITES[n % SITES.length]!;
        n += 1;
        const deal = await createDeal(db, accountId, {
          workflowId: workflow.id,
          statusId: status.id,
          name: `${contactName.split(' ').slice(-1)[0]} — ${room}`,
          description: `${workflow.name} job: ${room}.`,
          contactId,
          siteAddress,
          accessNotes,
        });
        created.push(deal.id);
        const flag = (name: string, label: string) => {
          const f = workflow.flags.find((x) => x.name === name);
          const v = f?.values.find((x) => x.label === label);
          return f && v ? setFlag(db, accountId, deal.id, f.id, v.id) : undefined;
        };
        // Some deals carry their follow-up flags; the rest show the §4 alerts.
        if (i % 2 === 1 && status.name === 'Signed') await flag('Payment', 'Deposit Paid');
        if (['Installed', 'Handed Over'].includes(status.name)) {
          await flag('Payment', 'Paid in Full');
          await flag('Install', 'Complete');
        }
        if (i % 2 === 1 && status.name === 'Received') await flag('Install', 'Booked');
        if (i % 2 === 0 && status.phase === 'Cancelled') await flag('Lost Reason', 'Price');
        if (n % 2 === 0) {
          await db.execute(sql`INSERT INTO deal_notes (deal_id, content, created_by, updated_by)
            VALUES (${deal.id}, ${`Spoke with ${contactName.split(' ')[0]} about ${room}; prefers light-filtering fabrics.`}, ${userId}, ${userId})`);
        }
        if (status.phase === 'Quoting' || status.phase === 'InProgress') {
          const date = day((n % 9) - 2);
          const start = `${date} ${String(8 + (n % 8)).padStart(2, '0')}:${['00', '15', '30', '45'][n % 4]}:00`;
          const end = `${date} ${String(9 + (n % 8)).padStart(2, '0')}:${['00', '15', '30', '45'][n % 4]}:00`;
          const temporal = {
            timespan: { start, end, startZone: 'Australia/Sydney', endZone: 'Australia/Sydney' },
          };
          await db.execute(sql`INSERT INTO deal_events (deal_id, title, location, description, temporal, starts_at, ends_at, created_by)
            VALUES (${deal.id}, ${status.phase === 'Quoting' ? 'Measure and quote' : 'Installation'}, ${'Balmain NSW'},
                    ${`Appointment for ${workflow.name} ${deal.tuid}`}, ${JSON.stringify(temporal)}::jsonb,
                    (${start}::timestamp AT TIME ZONE 'Australia/Sydney'), (${end}::timestamp AT TIME ZONE 'Australia/Sydney'), ${userId})`);
        }
        if (n % 3 === 0) {
          const photo = await files.save(accountId, {
            buffer: PNG,
            filename: 'window-photo.png',
            extension: 'png',
            mimeType: 'image/png',
          });
          const sheet = await files.save(accountId, {
            buffer: measureSheet(deal.name),
            filename: 'measure-sheet.txt',
            extension: 'txt',
            mimeType: 'text/plain',
          });
          await db.execute(sql`INSERT INTO documents (account_id, file_id, deal_id, name, created_by) VALUES
            (${accountId}, ${photo.id}, ${deal.id}, 'Window photo', ${userId}),
            (${accountId}, ${sheet.id}, ${deal.id}, 'Measure sheet', ${userId})`);
        }
      }
    }
  }
  if (created.length > 3) {
    await relate(db, accountId, created[0]!, created[3]!, true);
    await relate(db, accountId, created[1]!, created[2]!, true);
  }
}

/**
 * Benchmark data: `count` deals spread over the statuses of the account's first workflow,
 * written in bulk (one statement per status), with flags at their first values and alert
 * counts from the same rule as every other deal.
 */
export async function seedBulkDeals(db: Db, accountId: number, count: number): Promise<number> {
  const [workflow] = await loadWorkflows(db, accountId);
  if (!workflow || count <= 0) return 0;
  const per = Math.ceil(count / workflow.statuses.length);
  let made = 0;
  for (const status of workflow.statuses) {
    const n = Math.min(per, count - made);
    if (n <= 0) break;
    const alerts = dealAlerts({
      phase: status.phase as DealPhase,
      statusName: status.name,
      flags: Object.fromEntries(workflow.flags.map((f) => [f.name, f.values[0]?.label ?? null])),
      quoteCount: 0,
      orderCount: 0,
    });
    const warnings = alerts.filter((a) => a.type === 'warning').length;
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ start: number }>(sql`
        INSERT INTO account_counters (account_id, name, value) VALUES (${accountId}, 'deal', ${n})
        ON CONFLICT (account_id, name) DO UPDATE SET value = account_counters.value + ${n}
        RETURNING value - ${n} AS start`);
      const start = rows[0]!.start;
      const { rows: low } = await tx.execute<{ k: string | null }>(
        sql`SELECT max(sort_order)::text AS k FROM deals WHERE workflow_id = ${workflow.id} AND status_id = ${status.id}`,
      );
      const base = low[0]?.k ? Math.ceil(Number(low[0].k)) + 1 : 0;
      await tx.execute(sql`
        INSERT INTO deals (account_id, tuid, workflow_id, status_id, sort_order, name, description, alert_warnings, alert_infos)
        SELECT ${accountId}, ${start} + g, ${workflow.id}, ${status.id}, ${base} + g,
               'Bench deal ' || (${start} + g), 'Generated for benchmarks', ${warnings}, ${alerts.length - warnings}
        FROM generate_series(1, ${n}) AS g`);
      await tx.execute(sql`
        INSERT INTO deal_flag_values (deal_id, flag_id, value_id)
        SELECT d.id, fv.flag_id, fv.value_id FROM deals d
        CROSS JOIN (SELECT DISTINCT ON (f.id) f.id AS flag_id, v.id AS value_id
                    FROM workflow_flags f JOIN workflow_flag_values v ON v.flag_id = f.id
                    WHERE f.workflow_id = ${workflow.id} ORDER BY f.id, v.sort_order) fv
        WHERE d.workflow_id = ${workflow.id} AND d.status_id = ${status.id} AND d.tuid > ${start}
        ON CONFLICT DO NOTHING`);
    });
    made += n;
  }
  // Fresh statistics, so the planner uses the board index rather than guessing from an empty table.
  await db.execute(sql`ANALYZE deals`);
  await db.execute(sql`ANALYZE deal_flag_values`);
  return made;
}
