import { BRAND, type PaymentSummary } from '@tonemark/shared';
import type { UserRow } from '../../../db/schema.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);

/** A self-contained receipt file: opens in any browser and prints to PDF from there. */
export function receiptHtml(
  payment: PaymentSummary,
  user: Pick<UserRow, 'email' | 'displayName' | 'username'>,
): string {
  const item = payment.planName
    ? `${payment.planName} plan, ${payment.billingPeriod === 'yearly' ? 'one year' : 'one month'}`
    : 'One-off payment';
  const paidAt = new Date(payment.paidAt ?? payment.createdAt);
  const rows: [string, string][] = [
    ['Receipt number', payment.receiptNumber],
    ['Date paid', paidAt.toUTCString()],
    ['Billed to', `${user.displayName ?? user.username} <${user.email}>`],
    ['Payment', payment.id],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${BRAND} receipt ${escapeHtml(payment.receiptNumber)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;color:#0f172a;max-width:640px;margin:40px auto;padding:0 20px}
h1{font-size:22px}table{width:100%;border-collapse:collapse;margin:16px 0}td{padding:8px 0;border-bottom:1px solid #e2e8f0}
td:last-child{text-align:right}.total td{font-weight:600;border-bottom:0}.muted{color:#64748b;font-size:13px}</style></head>
<body><h1>${BRAND} — Receipt</h1>
<table>${rows.map(([k, v]) => `<tr><td>${k}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<table><tr><td>${escapeHtml(item)}</td><td>${money(payment.amount, payment.currency)}</td></tr>
<tr class="total"><td>Amount paid</td><td>${money(payment.amount, payment.currency)}</td></tr></table>
<p class="muted">Paid by card. Keep this receipt for your records.</p></body></html>
`;
}
