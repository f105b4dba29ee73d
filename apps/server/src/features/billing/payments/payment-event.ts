import { z } from 'zod';

/** The part of Stripe's Event object both providers send and the handler reads. */
export const paymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int(),
  data: z.object({
    object: z
      .object({
        id: z.string().min(1).max(255),
        object: z.string().optional(),
        amount: z.number().int().optional(),
        currency: z.string().optional(),
        status: z.string().optional(),
        metadata: z.record(z.string()).optional(),
        last_payment_error: z.object({ message: z.string().optional() }).nullish(),
      })
      .passthrough(),
  }),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** What handling one event did; a duplicate or an unhandled type changes nothing. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

export const HANDLED_EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;
