-- The tournaments the database knows, one row each: from their hands (header: game,
-- buy-in, fee, bounty, currency; their times; the finish lines of the player whose
-- histories they are, "Hero finished the tournament in 3rd place and received $4.50.")
-- and from their summary files (tournament_summaries: entrants, prize pool, the end, and
-- the finish where no hand tells it). A view: always what the stored rows say.
-- An amount the files do not tell stays NULL (unknown), never 0: a buy-in nobody printed
-- makes the cost, the net and the unit unknown. Columns: docs/schema.md.
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
),
joined AS (
    SELECT
        coalesce(p.site, s.site) AS site,
        coalesce(p.tournament_id, s.tournament_id) AS tournament_id,
        p.game,
        coalesce(p.mixed_game, CASE WHEN p.game IS NULL THEN s.name END) AS mixed_game,
        coalesce(p.buy_in, s.buy_in) AS buy_in,
        coalesce(p.fee, s.fee) AS fee,
        coalesce(p.bounty, s.bounty) AS bounty,
        coalesce(p.currency, s.currency) AS currency,
        coalesce(s.started_at, p.started_at) AS started_at,
        p.last_hand_at,
        s.finished_at,
        coalesce(p.hands, 0) AS hands,
        s.entrants,
        s.prize_pool,
        coalesce(p.hero, s.hero) AS hero,
        coalesce(f.place, CASE WHEN s.hero = coalesce(p.hero, s.hero) THEN s.finish END)
            AS finish,
        CASE
            WHEN f.player IS NOT NULL THEN coalesce(f.prize, 0)
            WHEN s.hero = coalesce(p.hero, s.hero) AND s.finish IS NOT NULL
                THEN coalesce(s.prize, 0)
        END AS prize
    FROM played AS p
    FULL JOIN tournament_summaries AS s
        ON s.site = p.site AND s.tournament_id = p.tournament_id
    LEFT JOIN finishes AS f
        ON f.site = p.site AND f.tournament_id = p.tournament_id AND f.player = p.hero
)
SELECT
    site,
    tournament_id,
    game,
    mixed_game,
    buy_in,
    fee,
    bounty,
    currency,
    -- What the buy-in and the prize are counted in: 'USD', 'EUR'..., 'play money' (a
    -- buy-in printed without a currency: play chips); NULL when the buy-in is unknown.
    CASE WHEN buy_in IS NOT NULL THEN coalesce(currency, 'play money') END AS unit,
    buy_in + coalesce(bounty, 0) + coalesce(fee, 0) AS cost,
    started_at,
    last_hand_at,
    finished_at,
    hands,
    entrants,
    prize_pool,
    hero,
    finish,
    prize,
    prize - (buy_in + coalesce(bounty, 0) + coalesce(fee, 0)) AS net
FROM joined;
