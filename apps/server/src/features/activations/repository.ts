import type { Activation, activationFiltersSchema } from '@tonemark/shared';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { soundTriggers, triggerActivations, type UserRow } from '../../db/schema.ts';
import { visibleTo } from '../triggers/repository.ts';
import { deviceFilterSql } from './device-filter.ts';

type Filters = z.output<typeof activationFiltersSchema>;

/** A bare date means the whole day: start at its first instant, end at its last. */
function boundary(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return new Date(value);
}

type Scope = Omit<Filters, 'limit' | 'offset' | 'format'>;

function matching(user: UserRow, filters: Scope) {
  return and(
    visibleTo(user),
    filters.triggerId ? eq(triggerActivations.triggerId, filters.triggerId) : undefined,
    filters.deviceType ? eq(triggerActivations.deviceType, filters.deviceType) : undefined,
    deviceFilterSql(filters.device),
    filters.startDate
      ? gte(triggerActivations.activatedAt, boundary(filters.startDate, 'start') as Date)
      : undefined,
    filters.endDate
      ? lte(triggerActivations.activatedAt, boundary(filters.endDate, 'end') as Date)
      : undefined,
  );
}

export async function listActivations(
  db: Db,
  user: UserRow,
  filters: Scope & Pick<Filters, 'limit' | 'offset'>,
): Promise<Activation[]> {
  const rows = await db
    .select({
      id: triggerActivations.id,
      activationId: triggerActivations.activationId,
      triggerId: triggerActivations.triggerId,
      triggerName: soundTriggers.name,
      campaignId: triggerActivations.campaignId,
      deviceType: triggerActivations.deviceType,
      osVersion: triggerActivations.osVersion,
      batteryImpact: triggerActivations.batteryImpact,
      successful: triggerActivations.successful,
      activatedAt: triggerActivations.activatedAt,
    })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(matching(user, filters))
    .orderBy(desc(triggerActivations.activatedAt), desc(triggerActivations.id))
    .limit(filters.limit)
    .offset(filters.offset);
  return rows.map((r) => ({ ...r, activatedAt: r.activatedAt.toISOString() }));
}

/** How many activations match, ignoring paging: the table's 'of N' and page count. */
export async function countActivations(db: Db, user: UserRow, filters: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(triggerActivations)
    .innerJoin(soundTriggers, eq(soundTriggers.id, triggerActivations.triggerId))
    .where(matching(user, filters));
  return row?.n ?? 0;
}

const CSV_COLUMNS: (keyof Activation)[] = [
  'activationId',
  'activatedAt',
  'triggerId',
  'triggerName',
  'campaignId',
  'deviceType',
  'osVersion',
  'batteryImpact',
  'successful',
];

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never run it as a formula. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function activationsCsv(rows: Activation[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
