import { z } from 'zod';
import { shapeBToAction, shapeBWriteFields } from '../shape-b.ts';
import { isHttpUrl, type UpdateTriggerInput } from '../triggers.ts';

/** PATCH /api/v1/triggers/{id}: any subset of the shape-B fields; actionType and actionPayload together. */
export const updateShapeBTriggerSchema = z
  .object(shapeBWriteFields)
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    if ((value.actionType === undefined) !== (value.actionPayload === undefined)) {
      const missing = value.actionType === undefined ? 'actionType' : 'actionPayload';
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [missing],
        message: 'actionType and actionPayload must be sent together',
      });
    }
    if (value.actionType === 'url' && value.actionPayload !== undefined && !isHttpUrl(value.actionPayload)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['actionPayload'],
        message: 'Must be an http or https URL',
      });
    }
  });

/** The shape-A patch a shape-B patch means (DESIGN §3). */
export function fromShapeBUpdate(input: z.output<typeof updateShapeBTriggerSchema>): UpdateTriggerInput {
  const patch: UpdateTriggerInput = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.type !== undefined) patch.signal = input.type;
  if (input.frequencyPattern !== undefined) patch.frequencyPattern = input.frequencyPattern;
  if (input.duration !== undefined) patch.durationMs = input.duration;
  if (input.active !== undefined) patch.status = input.active ? 'active' : 'inactive';
  if (input.actionType !== undefined && input.actionPayload !== undefined) {
    const { type, action } = shapeBToAction(input.actionType, input.actionPayload);
    patch.type = type;
    patch.action = action;
    patch.actionData = input.actionPayload;
  }
  return patch;
}
