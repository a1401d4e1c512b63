-- studdraw's stud/draw stat set, as plain DuckDB SQL: views and macros over the tables of
-- schema.sql and the helpers of stat_helpers.sql. Every statement is CREATE OR REPLACE, so
-- the files can be run on every open (studdraw does, on import) and by hand in any DuckDB
-- client:
--     cat pipeline/storage/stat_helpers.sql pipeline/storage/stats.sql | duckdb my.duckdb
-- Definitions of every output column: docs/stats.md (and STAT_DEFINITIONS in stats.py).
--
-- The per-hand flags are not worked out here but read from the table player_hand_facts,
-- which the loader fills as it imports each batch of hands (facts.sql has the query):
-- working them out needs every hand's actions in betting order, too slow to redo for
-- every question on a large database.
--
-- No lambdas (their syntax changed in DuckDB 1.3) and no extensions, so that older
-- DuckDB clients can run the file too.
--
-- The layers, each usable on its own:
--   stat_games             (stat_helpers.sql) one row per game id: family, rounds, draws
--   player_rounds          one row per player per hand per betting round dealt into
--   player_hands           one row per player per hand, with every per-hand stat flag
--   player_hands_filtered  table macro: player_hands under the common filters
--   stat_hands_filtered    table macro: player_hand_facts under the same filters
--   stat_win_rate_*        aggregate macros: a win rate's SD per 100 hands and 95% interval
--   player_stats           table macro: one row per player (and game), every stat
--   player_street_stats    table macro: one row per player (and game) and betting round
--   leak_list              table macro: the hero's stats beside the winning players'
--   starting_hands         table macro: one row per player, game and starting-hand category
--
-- Inside the table macros a parameter shadows a column of the same name (player, site,
-- game, ...): columns are therefore always qualified by their table alias there.


-- What a hand's amounts are counted in: its currency for real money ('USD', 'EUR'),
-- 'play money', or 'tournament chips'. Amounts of two units are never added: every
-- macro below that sums money groups by this unit.
CREATE OR REPLACE MACRO money_unit(money, currency) AS
    CASE
        WHEN money = 'tournament' THEN 'tournament chips'
        WHEN money = 'play' THEN 'play money'
        ELSE coalesce(currency, 'real money')
    END;


-- One row per player per hand per betting round he was dealt into (round 1 = the first
-- betting round: 3rd street, or before the first draw), with the decisions he made in
-- it. Forced bets (antes, blinds, the bring-in post) are not decisions and not counted.
CREATE OR REPLACE VIEW player_rounds AS
WITH dealt AS (
    SELECT f.*, unnest(range(f.streets_seen)) AS street_index
    FROM player_hand_facts AS f
)
SELECT
    r.site,
    r.hand_number,
    r.player,
    r.game,
    r.street_index,
    r.street_index + 1 AS round,
    coalesce(g.streets[r.street_index + 1], 'round_' || (r.street_index + 1)) AS street,
    coalesce(
        CASE r.street_index
            WHEN 0 THEN r.aggressive_round_1
            WHEN 1 THEN r.aggressive_round_2
            WHEN 2 THEN r.aggressive_round_3
            WHEN 3 THEN r.aggressive_round_4
            WHEN 4 THEN r.aggressive_round_5
        END,
        0
    ) AS aggressive,
    coalesce(
        CASE r.street_index
            WHEN 0 THEN r.calls_round_1
            WHEN 1 THEN r.calls_round_2
            WHEN 2 THEN r.calls_round_3
            WHEN 3 THEN r.calls_round_4
            WHEN 4 THEN r.calls_round_5
        END,
        0
    ) AS calls,
    coalesce(
        CASE r.street_index
            WHEN 0 THEN r.checks_round_1
            WHEN 1 THEN r.checks_round_2
            WHEN 2 THEN r.checks_round_3
            WHEN 3 THEN r.checks_round_4
            WHEN 4 THEN r.checks_round_5
        END,
        0
    ) AS checks,
    coalesce(
        CASE r.street_index
            WHEN 0 THEN r.folds_round_1
            WHEN 1 THEN r.folds_round_2
            WHEN 2 THEN r.folds_round_3
            WHEN 3 THEN r.folds_round_4
            WHEN 4 THEN r.folds_round_5
        END,
        0
    ) AS folds,
    coalesce(
        CASE r.street_index
            WHEN 0 THEN r.actions_round_1
            WHEN 1 THEN r.actions_round_2
            WHEN 2 THEN r.actions_round_3
            WHEN 3 THEN r.actions_round_4
            WHEN 4 THEN r.actions_round_5
        END,
        0
    ) AS actions
FROM dealt AS r
LEFT JOIN stat_games AS g ON g.game = r.game;


-- One row per player per hand: hand_players, the hand's game and stakes, and every
-- per-hand flag the stats count. A flag is NULL where it does not apply (the steal in a
-- draw game, the snow in stud), false where it applies and did not happen. The flags are
-- worked out once, when the hand is imported (facts.sql), and kept in player_hand_facts.
CREATE OR REPLACE VIEW player_hands AS
SELECT
    f.site,
    f.hand_number,
    hp.seat,
    f.player,
    hp.is_hero,
    f.game,
    f.mixed_game,
    f.family,
    f.limit_kind,
    f.small_bet,
    f.big_bet,
    f.big_unit,
    f.money,
    f.currency,
    money_unit(f.money, f.currency) AS unit,
    f.tournament_id,
    f.started_at,
    f.players_dealt,
    f.betting_rounds,
    hp.stack,
    hp.cards_down,
    hp.cards_up,
    hp.cards_shown,
    hp.put_in,
    f.collected,
    f.net,
    f.ev_net,
    f.all_in_adjusted,
    hp.rake_share,
    f.net / nullif(f.big_unit, 0) AS big_bets_won,
    f.ev_net / nullif(f.big_unit, 0) AS ev_big_bets_won,
    f.collected > 0 AS won_pot,
    f.streets_seen,
    f.vpip,
    f.first_round_raise,
    f.went_to_showdown,
    f.won_at_showdown,
    f.collected > 0 AND NOT f.went_to_showdown AS won_without_showdown,
    f.bring_in_player,
    f.bring_in_completed,
    f.steal_opportunity,
    f.steal_attempt,
    f.fold_to_steal_opportunity,
    f.folded_to_steal,
    f.three_bet_opportunity,
    f.three_bet,
    f.aggressive_round_1,
    f.calls_round_1,
    f.actions_round_1,
    f.aggressive_round_2,
    f.calls_round_2,
    f.actions_round_2,
    f.aggressive_round_3,
    f.calls_round_3,
    f.actions_round_3,
    f.aggressive_round_4,
    f.calls_round_4,
    f.actions_round_4,
    f.aggressive_round_5,
    f.calls_round_5,
    f.actions_round_5,
    f.stood_pat_draw_1,
    f.stood_pat_draw_2,
    f.stood_pat_draw_3,
    f.cards_drawn_draw_1,
    f.cards_drawn_draw_2,
    f.cards_drawn_draw_3,
    f.pat_hand_draw_1,
    f.pat_hand_made,
    f.snow_opportunity,
    f.snow,
    f.main_pot_share
FROM player_hand_facts AS f
JOIN hand_players AS hp
    ON hp.site = f.site AND hp.hand_number = f.hand_number AND hp.player = f.player;


-- Whether a player-hand (its first seven values) passes the common filters (the others;
-- NULL means "no filter"): the one definition the filtered macros below share.
CREATE OR REPLACE MACRO stat_filters_pass(
    hand_player, hand_site, hand_game, hand_limit_kind, hand_big_unit, hand_started_at,
    hand_money, hand_unit, player, site, game, limit_kind, big_unit, since, until, money,
    unit
) AS
    (player IS NULL OR hand_player = player)
    AND (site IS NULL OR hand_site = site)
    AND (game IS NULL OR hand_game = game)
    AND (limit_kind IS NULL OR hand_limit_kind = limit_kind)
    AND (big_unit IS NULL OR hand_big_unit = big_unit)
    AND (since IS NULL OR hand_started_at >= CAST(since AS TIMESTAMPTZ))
    AND (until IS NULL OR hand_started_at < CAST(until AS TIMESTAMPTZ))
    AND (
        money IS NULL
        OR hand_money = money
        OR (money = 'cash' AND hand_money IN ('real', 'play'))
    )
    AND (unit IS NULL OR hand_unit = unit);


-- player_hands under the common filters; NULL (the default) means "no filter".
--   money: 'real', 'play', 'tournament', or 'cash' for real and play money together.
--   unit: one unit of money_unit ('USD', 'EUR', 'play money', 'tournament chips').
--   since / until: a date or a timestamp; since <= started_at < until.
CREATE OR REPLACE MACRO player_hands_filtered(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL
) AS TABLE
SELECT ph.*
FROM player_hands AS ph
WHERE stat_filters_pass(
    ph.player, ph.site, ph.game, ph.limit_kind, ph.big_unit, ph.started_at, ph.money, ph.unit,
    player, site, game, limit_kind, big_unit, since, until, money, unit
);


-- What the stat macros below read: player_hand_facts under the same filters, with the
-- per-hand results player_hands derives (its other columns are not needed there).
CREATE OR REPLACE MACRO stat_hands_filtered(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL
) AS TABLE
SELECT
    f.*,
    money_unit(f.money, f.currency) AS unit,
    f.net / nullif(f.big_unit, 0) AS big_bets_won,
    f.ev_net / nullif(f.big_unit, 0) AS ev_big_bets_won,
    f.collected > 0 AS won_pot,
    f.collected > 0 AND NOT f.went_to_showdown AS won_without_showdown
FROM player_hand_facts AS f
WHERE stat_filters_pass(
    f.player, f.site, f.game, f.limit_kind, f.big_unit, f.started_at, f.money,
    money_unit(f.money, f.currency),
    player, site, game, limit_kind, big_unit, since, until, money, unit
);


-- How sure a win rate is, from the per-hand results in big bets (aggregates: use them in
-- a grouped query, as player_stats and the dashboard's Overview do). The normal
-- approximation hold'em trackers use, on the hands as independent draws: the standard
-- deviation of one hand's result (stddev_samp), times sqrt(100) = 10 for 100 hands; the
-- 95% interval of the mean win rate is 100 * mean +- 1.96 * 100 * sd / sqrt(hands). NULL
-- under 2 hands, where there is no spread to measure. docs/stats.md has the assumptions.
CREATE OR REPLACE MACRO stat_win_rate_sd(per_hand) AS
    CASE WHEN count(per_hand) >= 2 THEN 10 * stddev_samp(per_hand) END;

CREATE OR REPLACE MACRO stat_win_rate_margin(per_hand) AS
    CASE WHEN count(per_hand) >= 2
        THEN 1.96 * 100 * stddev_samp(per_hand) / sqrt(count(per_hand))
    END;

CREATE OR REPLACE MACRO stat_win_rate_low(per_hand) AS
    100 * avg(per_hand) - stat_win_rate_margin(per_hand);

CREATE OR REPLACE MACRO stat_win_rate_high(per_hand) AS
    100 * avg(per_hand) + stat_win_rate_margin(per_hand);


-- One row per (site, player, unit, game) -- per (site, player, unit) with by_game := false
-- -- with every stat. Money of two units (dollars, euros, play money, tournament chips)
-- is never added: each has its rows. Each percentage X_pct has its sample size X_n (its
-- denominator) beside it.
CREATE OR REPLACE MACRO player_stats(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_game := true
) AS TABLE
SELECT
    ph.site AS site,
    ph.player AS player,
    ph.unit AS unit,
    CASE WHEN by_game THEN ph.game END AS game,
    count(*) AS hands,
    sum(ph.net) AS net_won,
    sum(ph.big_bets_won) AS big_bets_won,
    stat_ratio(100.0 * sum(ph.big_bets_won), count(ph.big_bets_won)) AS big_bets_per_100,
    stat_win_rate_low(ph.big_bets_won) AS big_bets_per_100_low,
    stat_win_rate_high(ph.big_bets_won) AS big_bets_per_100_high,
    stat_win_rate_sd(ph.big_bets_won) AS big_bets_per_100_sd,
    -- all-in adjusted: the luck of the cards after an all-in taken out (docs/stats.md)
    sum(ph.ev_net) AS ev_net_won,
    sum(ph.ev_big_bets_won) AS ev_big_bets_won,
    stat_ratio(100.0 * sum(ph.ev_big_bets_won), count(ph.ev_big_bets_won))
        AS ev_big_bets_per_100,
    stat_win_rate_low(ph.ev_big_bets_won) AS ev_big_bets_per_100_low,
    stat_win_rate_high(ph.ev_big_bets_won) AS ev_big_bets_per_100_high,
    stat_win_rate_sd(ph.ev_big_bets_won) AS ev_big_bets_per_100_sd,
    count(*) FILTER (WHERE ph.all_in_adjusted) AS all_in_adjusted_n,

    stat_pct(count(*) FILTER (WHERE ph.vpip), count(*)) AS vpip_pct,
    count(*) AS vpip_n,
    stat_pct(count(*) FILTER (WHERE ph.first_round_raise), count(*)) AS first_round_raise_pct,
    count(*) AS first_round_raise_n,

    stat_pct(
        count(*) FILTER (WHERE ph.bring_in_completed), count(*) FILTER (WHERE ph.bring_in_player)
    ) AS bring_in_complete_pct,
    count(*) FILTER (WHERE ph.bring_in_player) AS bring_in_complete_n,
    stat_pct(
        count(*) FILTER (WHERE ph.steal_attempt), count(*) FILTER (WHERE ph.steal_opportunity)
    ) AS steal_pct,
    count(*) FILTER (WHERE ph.steal_opportunity) AS steal_n,
    stat_pct(
        count(*) FILTER (WHERE ph.folded_to_steal),
        count(*) FILTER (WHERE ph.fold_to_steal_opportunity)
    ) AS fold_to_steal_pct,
    count(*) FILTER (WHERE ph.fold_to_steal_opportunity) AS fold_to_steal_n,
    stat_pct(
        count(*) FILTER (WHERE ph.three_bet), count(*) FILTER (WHERE ph.three_bet_opportunity)
    ) AS three_bet_pct,
    count(*) FILTER (WHERE ph.three_bet_opportunity) AS three_bet_n,

    stat_pct(
        count(*) FILTER (WHERE ph.streets_seen >= 2), count(*) FILTER (WHERE ph.betting_rounds >= 2)
    ) AS saw_round_2_pct,
    count(*) FILTER (WHERE ph.betting_rounds >= 2) AS saw_round_2_n,
    stat_pct(
        count(*) FILTER (WHERE ph.streets_seen >= 3), count(*) FILTER (WHERE ph.betting_rounds >= 3)
    ) AS saw_round_3_pct,
    count(*) FILTER (WHERE ph.betting_rounds >= 3) AS saw_round_3_n,
    stat_pct(
        count(*) FILTER (WHERE ph.streets_seen >= 4), count(*) FILTER (WHERE ph.betting_rounds >= 4)
    ) AS saw_round_4_pct,
    count(*) FILTER (WHERE ph.betting_rounds >= 4) AS saw_round_4_n,
    stat_pct(
        count(*) FILTER (WHERE ph.streets_seen >= 5), count(*) FILTER (WHERE ph.betting_rounds >= 5)
    ) AS saw_round_5_pct,
    count(*) FILTER (WHERE ph.betting_rounds >= 5) AS saw_round_5_n,

    stat_ratio(sum(ph.aggressive_round_1), sum(ph.calls_round_1)) AS af_round_1,
    coalesce(sum(ph.calls_round_1), 0)::BIGINT AS af_round_1_n,
    stat_pct(sum(ph.aggressive_round_1), sum(ph.actions_round_1)) AS afq_round_1_pct,
    coalesce(sum(ph.actions_round_1), 0)::BIGINT AS afq_round_1_n,
    stat_ratio(sum(ph.aggressive_round_2), sum(ph.calls_round_2)) AS af_round_2,
    coalesce(sum(ph.calls_round_2), 0)::BIGINT AS af_round_2_n,
    stat_pct(sum(ph.aggressive_round_2), sum(ph.actions_round_2)) AS afq_round_2_pct,
    coalesce(sum(ph.actions_round_2), 0)::BIGINT AS afq_round_2_n,
    stat_ratio(sum(ph.aggressive_round_3), sum(ph.calls_round_3)) AS af_round_3,
    coalesce(sum(ph.calls_round_3), 0)::BIGINT AS af_round_3_n,
    stat_pct(sum(ph.aggressive_round_3), sum(ph.actions_round_3)) AS afq_round_3_pct,
    coalesce(sum(ph.actions_round_3), 0)::BIGINT AS afq_round_3_n,
    stat_ratio(sum(ph.aggressive_round_4), sum(ph.calls_round_4)) AS af_round_4,
    coalesce(sum(ph.calls_round_4), 0)::BIGINT AS af_round_4_n,
    stat_pct(sum(ph.aggressive_round_4), sum(ph.actions_round_4)) AS afq_round_4_pct,
    coalesce(sum(ph.actions_round_4), 0)::BIGINT AS afq_round_4_n,
    stat_ratio(sum(ph.aggressive_round_5), sum(ph.calls_round_5)) AS af_round_5,
    coalesce(sum(ph.calls_round_5), 0)::BIGINT AS af_round_5_n,
    stat_pct(sum(ph.aggressive_round_5), sum(ph.actions_round_5)) AS afq_round_5_pct,
    coalesce(sum(ph.actions_round_5), 0)::BIGINT AS afq_round_5_n,

    stat_pct(
        count(*) FILTER (WHERE ph.went_to_showdown AND ph.streets_seen >= 2),
        count(*) FILTER (WHERE ph.streets_seen >= 2)
    ) AS went_to_showdown_pct,
    count(*) FILTER (WHERE ph.streets_seen >= 2) AS went_to_showdown_n,
    stat_pct(
        count(*) FILTER (WHERE ph.won_at_showdown), count(*) FILTER (WHERE ph.went_to_showdown)
    ) AS won_at_showdown_pct,
    count(*) FILTER (WHERE ph.went_to_showdown) AS won_at_showdown_n,
    stat_pct(count(*) FILTER (WHERE ph.won_without_showdown), count(*))
        AS won_without_showdown_pct,
    count(*) AS won_without_showdown_n,
    stat_pct(
        count(*) FILTER (WHERE ph.won_pot AND ph.streets_seen >= 2),
        count(*) FILTER (WHERE ph.streets_seen >= 2)
    ) AS won_when_saw_round_2_pct,
    count(*) FILTER (WHERE ph.streets_seen >= 2) AS won_when_saw_round_2_n,

    stat_pct(
        count(*) FILTER (WHERE ph.main_pot_share = 1), count(ph.main_pot_share)
    ) AS scoop_pct,
    count(ph.main_pot_share) AS scoop_n,
    stat_pct(
        count(*) FILTER (WHERE ph.main_pot_share > 0 AND ph.main_pot_share <= 0.25),
        count(ph.main_pot_share)
    ) AS quartered_pct,
    count(ph.main_pot_share) AS quartered_n,

    stat_pct(count(*) FILTER (WHERE ph.stood_pat_draw_1), count(ph.stood_pat_draw_1))
        AS stood_pat_draw_1_pct,
    count(ph.stood_pat_draw_1) AS stood_pat_draw_1_n,
    stat_pct(count(*) FILTER (WHERE ph.stood_pat_draw_2), count(ph.stood_pat_draw_2))
        AS stood_pat_draw_2_pct,
    count(ph.stood_pat_draw_2) AS stood_pat_draw_2_n,
    stat_pct(count(*) FILTER (WHERE ph.stood_pat_draw_3), count(ph.stood_pat_draw_3))
        AS stood_pat_draw_3_pct,
    count(ph.stood_pat_draw_3) AS stood_pat_draw_3_n,
    avg(ph.cards_drawn_draw_1) AS cards_drawn_draw_1_avg,
    count(ph.cards_drawn_draw_1) AS cards_drawn_draw_1_n,
    avg(ph.cards_drawn_draw_2) AS cards_drawn_draw_2_avg,
    count(ph.cards_drawn_draw_2) AS cards_drawn_draw_2_n,
    avg(ph.cards_drawn_draw_3) AS cards_drawn_draw_3_avg,
    count(ph.cards_drawn_draw_3) AS cards_drawn_draw_3_n,
    stat_pct(count(*) FILTER (WHERE ph.snow), count(*) FILTER (WHERE ph.snow_opportunity))
        AS snow_pct,
    count(*) FILTER (WHERE ph.snow_opportunity) AS snow_n
FROM stat_hands_filtered(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit
) AS ph
GROUP BY ph.site, ph.player, ph.unit, CASE WHEN by_game THEN ph.game END
ORDER BY hands DESC, ph.site, ph.player, ph.unit, CASE WHEN by_game THEN ph.game END;


-- One row per (site, player, game, betting round) -- per (site, player, round) with
-- by_game := false -- for charts street by street: how often the player saw the round and
-- how he played it.
CREATE OR REPLACE MACRO player_street_stats(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_game := true
) AS TABLE
WITH possible AS (
    -- every betting round the player's game has, dealt into or not
    SELECT ph.*, unnest(range(ph.betting_rounds)) AS p_street_index
    FROM stat_hands_filtered(
        player := player,
        site := site,
        game := game,
        limit_kind := limit_kind,
        big_unit := big_unit,
        since := since,
        until := until,
        money := money,
        unit := unit
    ) AS ph
),
-- the round's decisions when he was dealt into it (his row of player_rounds), else NULL
rounds AS (
    SELECT
        p.site AS p_site,
        p.player AS p_player,
        p.game AS p_game,
        p.p_street_index,
        p.p_street_index < p.streets_seen AS seen,
        CASE p.p_street_index
            WHEN 0 THEN p.aggressive_round_1
            WHEN 1 THEN p.aggressive_round_2
            WHEN 2 THEN p.aggressive_round_3
            WHEN 3 THEN p.aggressive_round_4
            WHEN 4 THEN p.aggressive_round_5
        END AS aggressive,
        CASE p.p_street_index
            WHEN 0 THEN p.calls_round_1
            WHEN 1 THEN p.calls_round_2
            WHEN 2 THEN p.calls_round_3
            WHEN 3 THEN p.calls_round_4
            WHEN 4 THEN p.calls_round_5
        END AS calls,
        CASE p.p_street_index
            WHEN 0 THEN p.checks_round_1
            WHEN 1 THEN p.checks_round_2
            WHEN 2 THEN p.checks_round_3
            WHEN 3 THEN p.checks_round_4
            WHEN 4 THEN p.checks_round_5
        END AS checks,
        CASE p.p_street_index
            WHEN 0 THEN p.folds_round_1
            WHEN 1 THEN p.folds_round_2
            WHEN 2 THEN p.folds_round_3
            WHEN 3 THEN p.folds_round_4
            WHEN 4 THEN p.folds_round_5
        END AS folds,
        CASE p.p_street_index
            WHEN 0 THEN p.actions_round_1
            WHEN 1 THEN p.actions_round_2
            WHEN 2 THEN p.actions_round_3
            WHEN 3 THEN p.actions_round_4
            WHEN 4 THEN p.actions_round_5
        END AS actions
    FROM possible AS p
)
SELECT
    r.p_site AS site,
    r.p_player AS player,
    CASE WHEN by_game THEN r.p_game END AS game,
    r.p_street_index + 1 AS round,
    CASE WHEN by_game THEN any_value(g.streets[r.p_street_index + 1]) END AS street,
    count(*) FILTER (WHERE r.seen) AS hands_seen,
    stat_pct(count(*) FILTER (WHERE r.seen), count(*)) AS saw_pct,
    count(*) AS saw_n,
    coalesce(sum(r.aggressive), 0)::BIGINT AS aggressive,
    coalesce(sum(r.calls), 0)::BIGINT AS calls,
    coalesce(sum(r.checks), 0)::BIGINT AS checks,
    coalesce(sum(r.folds), 0)::BIGINT AS folds,
    stat_ratio(sum(r.aggressive), sum(r.calls)) AS af,
    coalesce(sum(r.calls), 0)::BIGINT AS af_n,
    stat_pct(sum(r.aggressive), sum(r.actions)) AS afq_pct,
    coalesce(sum(r.actions), 0)::BIGINT AS afq_n
FROM rounds AS r
LEFT JOIN stat_games AS g ON g.game = r.p_game
GROUP BY r.p_site, r.p_player, CASE WHEN by_game THEN r.p_game END, r.p_street_index
ORDER BY r.p_site, r.p_player, CASE WHEN by_game THEN r.p_game END, r.p_street_index;


-- Results by starting hand (docs/stats.md, "Starting hands"): one row per (site, player,
-- unit, game, category) over the player-hands whose starting cards are known (the hero's;
-- another player's where his site printed his down cards). by_detail := true splits each
-- category by its finer label (detail), by_door := true by whether the door card was live
-- (door_live: no card of its rank among the other door cards; stud only, NULL in draw).
-- The names are worked out at import, in Python (starting_hand_facts.py), and kept in
-- player_hand_facts; category_order and detail_order sort the rows as a report reads.
-- Money of two units is never added: each unit has its rows.
CREATE OR REPLACE MACRO starting_hands(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_detail := false,
    by_door := false
) AS TABLE
SELECT
    ph.site AS site,
    ph.player AS player,
    ph.unit AS unit,
    ph.game AS game,
    ph.start_category AS category,
    CASE WHEN by_detail THEN ph.start_detail END AS detail,
    CASE WHEN by_door THEN ph.door_seen = 0 END AS door_live,
    min(ph.start_order) AS category_order,
    CASE WHEN by_detail THEN min(ph.detail_order) END AS detail_order,
    count(*) AS hands,
    stat_pct(count(*) FILTER (WHERE ph.vpip), count(*)) AS vpip_pct,
    count(*) AS vpip_n,
    stat_pct(count(*) FILTER (WHERE ph.first_round_raise), count(*)) AS first_round_raise_pct,
    count(*) AS first_round_raise_n,
    sum(ph.net) AS net_won,
    sum(ph.big_bets_won) AS big_bets_won,
    stat_ratio(100.0 * sum(ph.big_bets_won), count(ph.big_bets_won)) AS big_bets_per_100,
    stat_win_rate_low(ph.big_bets_won) AS big_bets_per_100_low,
    stat_win_rate_high(ph.big_bets_won) AS big_bets_per_100_high,
    stat_win_rate_sd(ph.big_bets_won) AS big_bets_per_100_sd,
    sum(ph.ev_net) AS ev_net_won,
    sum(ph.ev_big_bets_won) AS ev_big_bets_won,
    stat_ratio(100.0 * sum(ph.ev_big_bets_won), count(ph.ev_big_bets_won))
        AS ev_big_bets_per_100,
    stat_win_rate_low(ph.ev_big_bets_won) AS ev_big_bets_per_100_low,
    stat_win_rate_high(ph.ev_big_bets_won) AS ev_big_bets_per_100_high,
    stat_win_rate_sd(ph.ev_big_bets_won) AS ev_big_bets_per_100_sd,
    count(*) FILTER (WHERE ph.all_in_adjusted) AS all_in_adjusted_n
FROM stat_hands_filtered(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit
) AS ph
WHERE ph.start_category IS NOT NULL
GROUP BY
    ph.site,
    ph.player,
    ph.unit,
    ph.game,
    ph.start_category,
    CASE WHEN by_detail THEN ph.start_detail END,
    CASE WHEN by_door THEN ph.door_seen = 0 END
ORDER BY
    ph.site, ph.player, ph.unit, ph.game, category_order, detail_order,
    door_live DESC NULLS LAST, hands DESC, detail;


-- The hero's hands, one row each: the rows of player_hands whose player is one of
-- `heroes` (the user's screen names, a list). When two of those names sat at one table
-- (a friend's histories, a heads-up match between one's own accounts), the hand is
-- counted once: for the name the site marks as the hero there, else the lowest seat.
--   SELECT unit, sum(net) FROM hero_player_hands(['Hero', 'OrangeWater']) GROUP BY unit
CREATE OR REPLACE MACRO hero_player_hands(heroes) AS TABLE
SELECT ph.*
FROM player_hands AS ph
WHERE list_contains(heroes, ph.player)
QUALIFY row_number() OVER (
    PARTITION BY ph.site, ph.hand_number ORDER BY ph.is_hero DESC, ph.seat
) = 1;


-- A share's 95% Wilson score interval, in percent: `part` of `n` chances (z = 1.96,
-- z^2 = 3.8416). It stays within 0-100 and keeps near its 95% on small samples, where
-- pct +- 1.96 sqrt(pct (100 - pct) / n) does not. NULL without a sample. (The leak list;
-- pipeline/storage/proportions.py has the same in Python, held to published values.)
CREATE OR REPLACE MACRO stat_wilson_low(part, n) AS
    CASE WHEN n > 0 THEN greatest(0.0, 100 * (
        part / n + 1.9208 / n
        - 1.96 * sqrt(part / n * (1 - part / n) / n + 0.9604 / (n * n))
    ) / (1 + 3.8416 / n)) END;

CREATE OR REPLACE MACRO stat_wilson_high(part, n) AS
    CASE WHEN n > 0 THEN least(100.0, 100 * (
        part / n + 1.9208 / n
        + 1.96 * sqrt(part / n * (1 - part / n) / n + 0.9604 / (n * n))
    ) / (1 + 3.8416 / n)) END;

-- Half the 95% interval of a mean x 100 (BB/100), from the values' sum, sum of squares
-- and count, as stat_win_rate_margin from the values themselves; NULL under 2.
CREATE OR REPLACE MACRO stat_mean_margin(total, squares, n) AS
    CASE WHEN n >= 2
        THEN 1.96 * 100 * sqrt(greatest(squares - total * total / n, 0) / (n - 1) / n)
    END;


-- The leak list (issue 52.5; docs/stats.md, "Leak list"): per unit and game the hero
-- played, each percentage stat of player_stats counted for the hero (`heroes`: his
-- screen names, a list) and for the database's winning players together: every other
-- player with at least `min_hands` hands of the game in the unit (under the filters) and
-- an all-in adjusted win rate above 0. One row per unit, game and stat: its part and
-- sample on each side (`part` = pct x n / 100, the count the rate was made of), and
-- how many winners, with how many hands, it pools. The row `ev_big_bets_per_100` is the
-- all-in adjusted win rate: `part` the big bets won, `n` the hands, `squares` the sum of
-- the per-hand results' squares (for its SD). Each side's value and 95% interval
-- (`hero_value`, `hero_low`, `hero_high`, the same for winners: Wilson's for a share);
-- the test of their difference, and the sentences: pipeline/storage/leaks.py.
--   SELECT * FROM leak_list(['studdraw_hero'], min_hands := 500, money := 'cash')
CREATE OR REPLACE MACRO leak_list(
    heroes,
    min_hands := 500,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL
) AS TABLE
WITH sides AS MATERIALIZED (
    SELECT list_contains(heroes, s.player) AS is_hero, s.*
    FROM player_stats(
        site := site,
        game := game,
        limit_kind := limit_kind,
        big_unit := big_unit,
        since := since,
        until := until,
        money := money,
        unit := unit
    ) AS s
    WHERE list_contains(heroes, s.player)
        OR (s.hands >= min_hands AND s.ev_big_bets_per_100 > 0)
),
games AS (
    SELECT
        g.unit,
        g.game,
        sum(g.hands) FILTER (WHERE g.is_hero)::BIGINT AS hero_hands,
        count(*) FILTER (WHERE NOT g.is_hero) AS winners,
        coalesce(sum(g.hands) FILTER (WHERE NOT g.is_hero), 0)::BIGINT AS winners_hands
    FROM sides AS g
    GROUP BY g.unit, g.game
    HAVING bool_or(g.is_hero)
),
shares AS (
    SELECT * FROM sides UNPIVOT INCLUDE NULLS ((pct, n) FOR stat IN (
        (vpip_pct, vpip_n) AS 'vpip_pct',
        (first_round_raise_pct, first_round_raise_n) AS 'first_round_raise_pct',
        (bring_in_complete_pct, bring_in_complete_n) AS 'bring_in_complete_pct',
        (steal_pct, steal_n) AS 'steal_pct',
        (fold_to_steal_pct, fold_to_steal_n) AS 'fold_to_steal_pct',
        (three_bet_pct, three_bet_n) AS 'three_bet_pct',
        (saw_round_2_pct, saw_round_2_n) AS 'saw_round_2_pct',
        (saw_round_3_pct, saw_round_3_n) AS 'saw_round_3_pct',
        (saw_round_4_pct, saw_round_4_n) AS 'saw_round_4_pct',
        (saw_round_5_pct, saw_round_5_n) AS 'saw_round_5_pct',
        (afq_round_1_pct, afq_round_1_n) AS 'afq_round_1_pct',
        (afq_round_2_pct, afq_round_2_n) AS 'afq_round_2_pct',
        (afq_round_3_pct, afq_round_3_n) AS 'afq_round_3_pct',
        (afq_round_4_pct, afq_round_4_n) AS 'afq_round_4_pct',
        (afq_round_5_pct, afq_round_5_n) AS 'afq_round_5_pct',
        (went_to_showdown_pct, went_to_showdown_n) AS 'went_to_showdown_pct',
        (won_at_showdown_pct, won_at_showdown_n) AS 'won_at_showdown_pct',
        (won_without_showdown_pct, won_without_showdown_n) AS 'won_without_showdown_pct',
        (won_when_saw_round_2_pct, won_when_saw_round_2_n) AS 'won_when_saw_round_2_pct',
        (scoop_pct, scoop_n) AS 'scoop_pct',
        (quartered_pct, quartered_n) AS 'quartered_pct',
        (stood_pat_draw_1_pct, stood_pat_draw_1_n) AS 'stood_pat_draw_1_pct',
        (stood_pat_draw_2_pct, stood_pat_draw_2_n) AS 'stood_pat_draw_2_pct',
        (stood_pat_draw_3_pct, stood_pat_draw_3_n) AS 'stood_pat_draw_3_pct',
        (snow_pct, snow_n) AS 'snow_pct'
    ))
),
-- both sides' counts: a share's part is a whole number of chances (pct x n / 100)
counted AS (
    SELECT
        r.unit,
        r.game,
        r.stat,
        coalesce(sum(round(r.pct * r.n / 100)) FILTER (WHERE r.is_hero), 0) AS hero_part,
        coalesce(sum(r.n) FILTER (WHERE r.is_hero), 0)::BIGINT AS hero_n,
        NULL::DOUBLE AS hero_squares,
        coalesce(sum(round(r.pct * r.n / 100)) FILTER (WHERE NOT r.is_hero), 0)
            AS winners_part,
        coalesce(sum(r.n) FILTER (WHERE NOT r.is_hero), 0)::BIGINT AS winners_n,
        NULL::DOUBLE AS winners_squares
    FROM shares AS r
    GROUP BY r.unit, r.game, r.stat
    HAVING sum(r.n) > 0
    UNION ALL
    -- the win rate: each row's sum of squares given back from its n, sum and SD (as
    -- the Stats page combines screen names): (n - 1) s^2 + W^2 / n, s = SD per 100 / 10
    SELECT
        w.unit,
        w.game,
        'ev_big_bets_per_100',
        coalesce(sum(w.ev_big_bets_won) FILTER (WHERE w.is_hero), 0),
        coalesce(sum(w.hands) FILTER (WHERE w.is_hero), 0)::BIGINT,
        sum((w.hands - 1) * power(coalesce(w.ev_big_bets_per_100_sd, 0) / 10, 2)
            + power(coalesce(w.ev_big_bets_won, 0), 2) / w.hands) FILTER (WHERE w.is_hero),
        coalesce(sum(w.ev_big_bets_won) FILTER (WHERE NOT w.is_hero), 0),
        coalesce(sum(w.hands) FILTER (WHERE NOT w.is_hero), 0)::BIGINT,
        sum((w.hands - 1) * power(coalesce(w.ev_big_bets_per_100_sd, 0) / 10, 2)
            + power(coalesce(w.ev_big_bets_won, 0), 2) / w.hands) FILTER (WHERE NOT w.is_hero)
    FROM sides AS w
    GROUP BY w.unit, w.game
)
SELECT
    g.unit,
    g.game,
    c.stat,
    g.hero_hands,
    g.winners,
    g.winners_hands,
    c.hero_part::DOUBLE AS hero_part,
    c.hero_n,
    c.hero_squares,
    c.winners_part::DOUBLE AS winners_part,
    c.winners_n,
    c.winners_squares,
    -- each side's value (percent, or BB/100) and 95% interval, for SQL clients
    stat_ratio(100.0 * c.hero_part, c.hero_n) AS hero_value,
    CASE WHEN c.hero_squares IS NULL THEN stat_wilson_low(c.hero_part, c.hero_n)
        ELSE 100.0 * c.hero_part / c.hero_n
            - stat_mean_margin(c.hero_part, c.hero_squares, c.hero_n)
    END AS hero_low,
    CASE WHEN c.hero_squares IS NULL THEN stat_wilson_high(c.hero_part, c.hero_n)
        ELSE 100.0 * c.hero_part / c.hero_n
            + stat_mean_margin(c.hero_part, c.hero_squares, c.hero_n)
    END AS hero_high,
    stat_ratio(100.0 * c.winners_part, c.winners_n) AS winners_value,
    CASE WHEN c.winners_squares IS NULL THEN stat_wilson_low(c.winners_part, c.winners_n)
        ELSE 100.0 * c.winners_part / c.winners_n
            - stat_mean_margin(c.winners_part, c.winners_squares, c.winners_n)
    END AS winners_low,
    CASE WHEN c.winners_squares IS NULL THEN stat_wilson_high(c.winners_part, c.winners_n)
        ELSE 100.0 * c.winners_part / c.winners_n
            + stat_mean_margin(c.winners_part, c.winners_squares, c.winners_n)
    END AS winners_high
FROM games AS g
JOIN counted AS c ON c.unit = g.unit AND c.game = g.game
ORDER BY
    sum(g.hero_hands) OVER (PARTITION BY g.unit) DESC, g.unit, g.hero_hands DESC, g.game,
    c.stat <> 'ev_big_bets_per_100';
