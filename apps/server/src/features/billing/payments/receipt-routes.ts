import { type PaymentSummary, receiptDownloadPath } from '@tonemark/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { payments, pricingPlans, subscriptions } from '../../../db/schema.ts';
import { notFound, parseInput } from '../../../plugins/app-error.ts';
import { requireUser } from '../../../plugins/request-user.ts';
import { receiptHtml } from './receipt-html.ts';

const paymentIdParams = z.object({ id: z.string().min(1).max(255) });

export function receiptNumber(id: string, createdAt: Date): string {
  const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
  return `TM-${day}-${id.slice(0, 14)}`;
}

async function paymentsOf(db: Db, userId: number, id?: string): Promise<PaymentSummary[]> {
  const rows = await db
    .select({ payment: payments, planName: pricingPlans.name, period: pricingPlans.billingPeriod })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(pricingPlans, eq(pricingPlans.id, subscriptions.planId))
    .where(id ? and(eq(payments.userId, userId), eq(payments.id, id)) : eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(100);
  return rows.map(({ payment, planName, period }) => ({
    id: payment.id,
    status: payment.status,
    amount: payment.amountCents / 100,
    currency: payment.currency,
    planName: planName ?? null,
    billingPeriod: period,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.status === 'succeeded' ? payment.updatedAt.toISOString() : null,
    lastError: payment.lastError,
    receiptNumber: receiptNumber(payment.id, payment.createdAt),
  }));
}

/** The account's own payments: their status (for /payment-success) and receipts. */
export async function receiptRoutes(app: FastifyInstance) {
  /** Succeeded payments: the receipts list. */
  app.get('/', async (request) => {
    const user = requireUser(request);
    return { payments: (await paymentsOf(app.db, user.id)).filter((p) => p.status === 'succeeded') };
  });

  app.get('/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(paymentIdParams, request.params);
    const [payment] = await paymentsOf(app.db, user.id, id);
    if (!payment) throw notFound('Payment');
    return payment;
  });

  app.get('/:id/receipt.html', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(paymentIdParams, request.params);
    const [payment] = await paymentsOf(app.db, user.id, id);
    if (payment?.status !== 'succeeded') throw notFound('Receipt');
    const name = `tonemark-receipt-${payment.receiptNumber}.html`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-receipt-path', receiptDownloadPath(payment.id))
      .send(receiptHtml(payment, user));
  });
}
