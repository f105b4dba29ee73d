-- Rollups for A/B results, audience segments and hour / weekday activity (docs/decisions/ab-tests.md),
-- kept by the database like the daily ones (0009): statement-level triggers with transition
-- tables fold a whole batch into one upsert per key. Only activations of an existing trigger count.

CREATE FUNCTION ab_segment_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o'
  END;
  EXECUTE format($sql$
    WITH changed AS (%s),
    live AS (
      SELECT c.trigger_id, c.activated_at, c.audience_segment, c.ab_variant_id, c.sign,
             CASE WHEN c.conversion_tracking IS NOT NULL THEN c.sign ELSE 0 END AS conv
      FROM changed c JOIN sound_triggers t ON t.id = c.trigger_id
    ),
    hourly AS (
      INSERT INTO activation_hourly_by_trigger AS r (trigger_id, hour, activations, converted)
      SELECT trigger_id, date_trunc('hour', activated_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
             sum(sign)::int, sum(conv)::int
      FROM live GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (trigger_id, hour) DO UPDATE SET
        activations = r.activations + excluded.activations,
        converted = r.converted + excluded.converted
      RETURNING 1
    ),
    segmented AS (
      INSERT INTO activation_daily_by_segment AS r (trigger_id, segment, day, activations, converted)
      SELECT trigger_id, audience_segment, (activated_at AT TIME ZONE 'UTC')::date, sum(sign)::int, sum(conv)::int
      FROM live WHERE audience_segment IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (trigger_id, segment, day) DO UPDATE SET
        activations = r.activations + excluded.activations,
        converted = r.converted + excluded.converted
      RETURNING 1
    ),
    variants AS (
      INSERT INTO ab_variant_totals AS r (variant_id, activations, converted)
      SELECT l.ab_variant_id, sum(l.sign)::int, sum(l.conv)::int
      FROM live l JOIN ab_test_variants v ON v.id = l.ab_variant_id
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (variant_id) DO UPDATE SET
        activations = r.activations + excluded.activations,
        converted = r.converted + excluded.converted
      RETURNING 1
    )
    SELECT 1
  $sql$, changed);
  -- Served counts each device once per variant, from its first activation on.
  IF TG_OP = 'INSERT' THEN
    EXECUTE $sql$
      WITH fresh AS (
        INSERT INTO ab_variant_devices (variant_id, device)
        SELECT DISTINCT n.ab_variant_id, n.device_fingerprint
        FROM new_rows n JOIN ab_test_variants v ON v.id = n.ab_variant_id
        WHERE n.device_fingerprint IS NOT NULL
        ORDER BY 1, 2
        ON CONFLICT DO NOTHING
        RETURNING variant_id
      )
      INSERT INTO ab_variant_totals AS r (variant_id, devices)
      SELECT variant_id, count(*)::int FROM fresh GROUP BY 1 ORDER BY 1
      ON CONFLICT (variant_id) DO UPDATE SET devices = r.devices + excluded.devices
    $sql$;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ab_segment_rollups_insert AFTER INSERT ON trigger_activations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ab_segment_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER ab_segment_rollups_update AFTER UPDATE ON trigger_activations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ab_segment_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER ab_segment_rollups_delete AFTER DELETE ON trigger_activations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ab_segment_rollups_apply();
--> statement-breakpoint
CREATE FUNCTION ab_segment_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE activation_hourly_by_trigger, activation_daily_by_segment, ab_variant_totals, ab_variant_devices,
    activation_conversions;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ab_segment_rollups_truncate AFTER TRUNCATE ON trigger_activations
  FOR EACH STATEMENT EXECUTE FUNCTION ab_segment_rollups_truncate();
--> statement-breakpoint
-- Conversion steps go with their activation (no foreign key, so TRUNCATE above stays possible).
CREATE FUNCTION activation_conversions_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activation_conversions c USING old_rows o WHERE c.activation_id = o.activation_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activation_conversions_remove AFTER DELETE ON trigger_activations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_conversions_remove();
--> statement-breakpoint
-- A deleted trigger's activations stop counting, as in the daily rollups.
CREATE FUNCTION trigger_ab_segment_rollups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activation_hourly_by_trigger WHERE trigger_id = OLD.id;
  DELETE FROM activation_daily_by_segment WHERE trigger_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trigger_ab_segment_rollups_remove BEFORE DELETE ON sound_triggers
  FOR EACH ROW EXECUTE FUNCTION trigger_ab_segment_rollups_remove();
--> statement-breakpoint
-- Catch up with the activations stored before these rollups existed.
INSERT INTO activation_hourly_by_trigger (trigger_id, hour, activations, converted)
SELECT a.trigger_id, date_trunc('hour', a.activated_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       count(*), count(a.conversion_tracking)
FROM trigger_activations a JOIN sound_triggers t ON t.id = a.trigger_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO activation_daily_by_segment (trigger_id, segment, day, activations, converted)
SELECT a.trigger_id, a.audience_segment, (a.activated_at AT TIME ZONE 'UTC')::date, count(*),
       count(a.conversion_tracking)
FROM trigger_activations a JOIN sound_triggers t ON t.id = a.trigger_id
WHERE a.audience_segment IS NOT NULL
GROUP BY 1, 2, 3;
