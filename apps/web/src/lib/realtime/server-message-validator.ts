import { type ServerMessage, serverMessageSchema } from '@tonemark/shared';

export type ServerMessageCheck = { success: true; data: ServerMessage } | { success: false; issues: unknown };

/** Checks one decoded /ws message against the contract (loaded lazily: it brings zod). */
export function checkServerMessage(json: unknown): ServerMessageCheck {
  const parsed = serverMessageSchema.safeParse(json);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issues: parsed.error.issues };
}
