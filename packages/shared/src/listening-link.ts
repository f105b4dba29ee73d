import { z } from 'zod';
import { publicTriggerIdSchema } from './listener-protocol.ts';
import { LISTENING_LINK_PARAM, MAX_LISTENING_LINK_TRIGGERS } from './listening-link-path.ts';

/** `tml_…,tml_…`: the public trigger ids of a listening link, each once, in the order given. */
export const listeningScopeSchema = z
  .string()
  .transform((value) => value.split(',').map((id) => id.trim()))
  .pipe(
    z
      .array(publicTriggerIdSchema)
      .min(1, 'Name at least one trigger')
      .max(
        MAX_LISTENING_LINK_TRIGGERS,
        `A listening link names at most ${MAX_LISTENING_LINK_TRIGGERS} triggers`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'Each trigger may be named once'),
  );

/**
 * GET /api/listener/catalogue: with `triggers`, only those of them that are active (an unknown or
 * inactive id is left out, as the whole catalogue leaves it out). Not strict: a cache buster or a
 * campaign tag on a shared link is ignored.
 */
export const catalogueQuerySchema = z.object({ [LISTENING_LINK_PARAM]: listeningScopeSchema.optional() });
