import type { ConversionKind } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../plugins/app-error.ts';

/** An activation as a conversion step sees it: where its link leads and what its goal is. */
export interface ConvertibleActivation {
  activationId: string;
  abVariantId: number | null;
  /** The served action: the variant's when one was served, else the trigger's (null: trigger gone). */
  action: string | null;
  actionData: string | null;
  conversionGoal: string | null;
}

export async function findConvertible(db: Db, activationId: string): Promise<ConvertibleActivation> {
  const [row] = await queryRows<ConvertibleActivation>(
    db,
    sql`select a.activation_id as "activationId", a.ab_variant_id as "abVariantId",
        case when v.action is not null then v.action else t.action end as action,
        case when v.action is not null then v.action_data else t.action_data end as "actionData",
        t.conversion_goal as "conversionGoal"
      from trigger_activations a
      left join sound_triggers t on t.id = a.trigger_id
      left join ab_test_variants v on v.id = a.ab_variant_id
      where a.activation_id = ${activationId}::uuid`,
  );
  if (!row || row.action === null) throw new AppError('NOT_FOUND', 'No activation has this id');
  return row;
}

/**
 * Records one conversion step, once per activation, kind and goal: a repeat changes nothing and
 * says so. The first step of an activation also stamps its conversion_tracking, which is what
 * the rollups count as converted (one statement, so a crash leaves both or neither).
 */
export async function recordConversion(
  db: Db,
  activation: ConvertibleActivation,
  kind: ConversionKind,
  goal = '',
): Promise<{ duplicate: boolean }> {
  const stamp =
    kind === 'click'
      ? sql`jsonb_build_object('clickedAt', now())`
      : sql`jsonb_build_object('goals', coalesce(a.conversion_tracking -> 'goals', '{}'::jsonb) || jsonb_build_object(${goal}::text, now()))`;
  const rows = await queryRows<{ inserted: number }>(
    db,
    sql`with ins as (
        insert into activation_conversions (activation_id, kind, goal, ab_variant_id)
        values (${activation.activationId}::uuid, ${kind}, ${goal}, ${activation.abVariantId}::int)
        on conflict (activation_id, kind, goal) do nothing
        returning 1
      ),
      stamped as (
        update trigger_activations a
        set conversion_tracking = coalesce(a.conversion_tracking, '{}'::jsonb) || ${stamp}
        where a.activation_id = ${activation.activationId}::uuid and exists (select 1 from ins)
        returning 1
      )
      select (select count(*) from ins)::int as inserted, (select count(*) from stamped)::int as stamped`,
  );
  return { duplicate: (rows[0]?.inserted ?? 0) === 0 };
}
