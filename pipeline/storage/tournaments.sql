-- The tournaments the database holds hands of, one row each, worked out from those hands
-- when read: their header (game, buy-in, fee, bounty, currency), their times, and the
-- finish lines of the player whose histories they are ("Hero finished the tournament in
-- 3rd place and received $4.50."). A view, so that it is always what the hands say.
-- Columns: docs/schema.md.
CREATE OR REPLACE VIEW tournaments AS
WITH played AS (
    SELECT
        site,
        tournament_id,
        CASE WHEN count(DISTINCT game) = 1 THEN any_value(game) ELSE 'mixed' END AS game,
        any_value(mixed_game) AS mixed_game,
        max(buy_in) AS buy_in,
        max(fee) AS fee,
        max(bounty) AS bounty,
        any_value(buy_in_currency) AS currency,
        min(started_at) AS started_at,
        max(started_at) AS last_hand_at,
        count(*) AS hands,
        mode(hero) AS hero
    FROM hands
    WHERE tournament_id IS NOT NULL AND money = 'tournament'
    GROUP BY site, tournament_id
),
finishes AS (
    SELECT site, tournament_id, player, min(place) AS place, max(prize) AS prize
    FROM tournament_finishes
    GROUP BY site, tournament_id, player
)
SELECT
    p.site,
    p.tournament_id,
    p.game,
    p.mixed_game,
    p.buy_in,
    p.fee,
    p.bounty,
    p.currency,
    coalesce(p.buy_in, 0) + coalesce(p.bounty, 0) + coalesce(p.fee, 0) AS cost,
    p.started_at,
    p.last_hand_at,
    p.hands,
    p.hero,
    f.place AS finish,
    -- a finish line without a prize: out before the money
    CASE WHEN f.player IS NOT NULL THEN coalesce(f.prize, 0) END AS prize,
    CASE
        WHEN f.player IS NOT NULL
            THEN coalesce(f.prize, 0) - (coalesce(p.buy_in, 0) + coalesce(p.bounty, 0) + coalesce(p.fee, 0))
    END AS net
FROM played AS p
LEFT JOIN finishes AS f
    ON f.site = p.site AND f.tournament_id = p.tournament_id AND f.player = p.hero;
