-- Daily activation rollups kept by the database itself (docs/decisions/analytics-rollups.md), so
-- every writer counts: the app, a batched writer, a bulk INSERT in SQL, a restore. Statement-level
-- triggers with transition tables fold a whole batch into one upsert per rollup key.
-- Only activations of an existing trigger count, keyed by that trigger's owner (0: none).

CREATE FUNCTION activation_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o'
  END;
  -- Transition tables are visible to dynamic SQL run by the trigger function (SPI).
  EXECUTE format($sql$
    WITH changed AS (%s),
    keyed AS (
      SELECT c.trigger_id, coalesce(t.creator_id, 0) AS owner_id,
             (c.activated_at AT TIME ZONE 'UTC')::date AS day, c.platform,
             coalesce(c.device_type, '') AS device_type,
             sum(c.sign)::int AS activations,
             sum(CASE WHEN c.successful THEN c.sign ELSE 0 END)::int AS successful,
             coalesce(sum(c.battery_impact * c.sign), 0)::bigint AS battery_sum,
             sum(CASE WHEN c.battery_impact IS NOT NULL THEN c.sign ELSE 0 END)::int AS battery_count,
             sum(CASE WHEN c.conversion_tracking IS NOT NULL THEN c.sign ELSE 0 END)::int AS converted
      FROM changed c JOIN sound_triggers t ON t.id = c.trigger_id
      GROUP BY 1, 2, 3, 4, 5
    ),
    by_trigger AS (
      INSERT INTO activation_daily_by_trigger AS r
        (trigger_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted)
      SELECT trigger_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted
      FROM keyed ORDER BY 1, 2, 3, 4
      ON CONFLICT (trigger_id, day, platform, device_type) DO UPDATE SET
        activations = r.activations + excluded.activations,
        successful = r.successful + excluded.successful,
        battery_sum = r.battery_sum + excluded.battery_sum,
        battery_count = r.battery_count + excluded.battery_count,
        converted = r.converted + excluded.converted
      RETURNING 1
    )
    INSERT INTO activation_daily_by_owner AS r
      (owner_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted)
    SELECT owner_id, day, platform, device_type, sum(activations), sum(successful), sum(battery_sum),
           sum(battery_count), sum(converted)
    FROM keyed GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (owner_id, day, platform, device_type) DO UPDATE SET
      activations = r.activations + excluded.activations,
      successful = r.successful + excluded.successful,
      battery_sum = r.battery_sum + excluded.battery_sum,
      battery_count = r.battery_count + excluded.battery_count,
      converted = r.converted + excluded.converted
  $sql$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activation_rollups_insert AFTER INSERT ON trigger_activations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_rollups_apply();
--> statement-breakpoint
-- Also fires for the SET NULL a trigger's deletion cascades into its activations; by then the
-- trigger row is gone, so the join above counts nothing and trigger_rollups_remove did the work.
CREATE TRIGGER activation_rollups_update AFTER UPDATE ON trigger_activations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION activation_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER activation_rollups_delete AFTER DELETE ON trigger_activations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_rollups_apply();
--> statement-breakpoint
CREATE FUNCTION activation_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE activation_daily_by_trigger, activation_daily_by_owner;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activation_rollups_truncate AFTER TRUNCATE ON trigger_activations
  FOR EACH STATEMENT EXECUTE FUNCTION activation_rollups_truncate();
--> statement-breakpoint
-- A trigger leaving (deleted) or changing owner moves its per-trigger rollup out of, or between,
-- its owners' rollups: O(its days), whatever the number of its activations.
CREATE FUNCTION trigger_rollups_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activation_daily_by_owner AS r
    (owner_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted)
  SELECT coalesce(OLD.creator_id, 0), day, platform, device_type, -activations, -successful, -battery_sum,
         -battery_count, -converted
  FROM activation_daily_by_trigger WHERE trigger_id = OLD.id
  UNION ALL
  SELECT coalesce(NEW.creator_id, 0), day, platform, device_type, activations, successful, battery_sum,
         battery_count, converted
  FROM activation_daily_by_trigger WHERE trigger_id = OLD.id AND TG_OP = 'UPDATE'
  ON CONFLICT (owner_id, day, platform, device_type) DO UPDATE SET
    activations = r.activations + excluded.activations,
    successful = r.successful + excluded.successful,
    battery_sum = r.battery_sum + excluded.battery_sum,
    battery_count = r.battery_count + excluded.battery_count,
    converted = r.converted + excluded.converted;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM activation_daily_by_trigger WHERE trigger_id = OLD.id;
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trigger_rollups_remove BEFORE DELETE ON sound_triggers
  FOR EACH ROW EXECUTE FUNCTION trigger_rollups_move();
--> statement-breakpoint
CREATE TRIGGER trigger_rollups_reown AFTER UPDATE OF creator_id ON sound_triggers
  FOR EACH ROW WHEN (OLD.creator_id IS DISTINCT FROM NEW.creator_id)
  EXECUTE FUNCTION trigger_rollups_move();
--> statement-breakpoint
-- Catch up with the activations stored before the rollups existed.
INSERT INTO activation_daily_by_trigger
  (trigger_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted)
SELECT a.trigger_id, (a.activated_at AT TIME ZONE 'UTC')::date, a.platform, coalesce(a.device_type, ''),
       count(*), count(*) FILTER (WHERE a.successful), coalesce(sum(a.battery_impact), 0),
       count(a.battery_impact), count(a.conversion_tracking)
FROM trigger_activations a JOIN sound_triggers t ON t.id = a.trigger_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO activation_daily_by_owner
  (owner_id, day, platform, device_type, activations, successful, battery_sum, battery_count, converted)
SELECT coalesce(t.creator_id, 0), r.day, r.platform, r.device_type, sum(r.activations), sum(r.successful),
       sum(r.battery_sum), sum(r.battery_count), sum(r.converted)
FROM activation_daily_by_trigger r JOIN sound_triggers t ON t.id = r.trigger_id
GROUP BY 1, 2, 3, 4;
