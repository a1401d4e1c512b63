-- studdraw's stud/draw stat set, as plain DuckDB SQL: views and macros over the tables of
-- schema.sql and the helpers of stat_helpers.sql. Every statement is CREATE OR REPLACE, so
-- the files can be run on every open (studdraw does, on import) and by hand in any DuckDB
-- client, in this order (day_counts.sql makes the count tables stat_reports.sql reads):
--     cat stat_helpers.sql stats.sql day_counts.sql stat_reports.sql | duckdb my.duckdb
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
--   stat_counts            table macro: per player, game, stakes and day, the counts
--                          every report sums (day_counts.sql keeps them in two tables)
-- and in stat_reports.sql, over those tables:
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
-- `facts` names another table of its columns to read instead (the loader's new rows).
CREATE OR REPLACE MACRO stat_hands_filtered(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    facts := 'player_hand_facts'
) AS TABLE
SELECT
    f.*,
    money_unit(f.money, f.currency) AS unit,
    f.net / nullif(f.big_unit, 0) AS big_bets_won,
    f.ev_net / nullif(f.big_unit, 0) AS ev_big_bets_won,
    f.collected > 0 AS won_pot,
    f.collected > 0 AND NOT f.went_to_showdown AS won_without_showdown
FROM query_table(facts) AS f
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
-- under stat_interval_hands() hands: too few for the approximation (four folds of the
-- ante would claim a rate known to the cent). docs/stats.md has the assumptions.
CREATE OR REPLACE MACRO stat_interval_hands() AS 30;

CREATE OR REPLACE MACRO stat_win_rate_sd(per_hand) AS
    CASE WHEN count(per_hand) >= stat_interval_hands() THEN 10 * stddev_samp(per_hand) END;

CREATE OR REPLACE MACRO stat_win_rate_margin(per_hand) AS
    CASE WHEN count(per_hand) >= stat_interval_hands()
        THEN 1.96 * 100 * stddev_samp(per_hand) / sqrt(count(per_hand))
    END;

CREATE OR REPLACE MACRO stat_win_rate_low(per_hand) AS
    100 * avg(per_hand) - stat_win_rate_margin(per_hand);

CREATE OR REPLACE MACRO stat_win_rate_high(per_hand) AS
    100 * avg(per_hand) + stat_win_rate_margin(per_hand);

-- The spread of values from their sum, sum of squares and count: n - 1 times their
-- variance, 0 when it is within the rounding of the squares (hands all alike give 0, as
-- stddev_samp does, not a trace of rounding).
CREATE OR REPLACE MACRO stat_spread(total, squares, n) AS
    CASE WHEN squares - total * total / n > 1e-9 * squares
        THEN squares - total * total / n ELSE 0 END;

-- Half the 95% interval of a mean x 100 (BB/100), from the values' sum, sum of squares
-- and count, as stat_win_rate_margin from the values themselves (NULL under as many).
CREATE OR REPLACE MACRO stat_mean_margin(total, squares, n) AS
    CASE WHEN n >= stat_interval_hands()
        THEN 1.96 * 100 * sqrt(stat_spread(total, squares, n) / (n - 1) / n)
    END;

-- The SD per 100 hands the same way (stat_win_rate_sd from the values).
CREATE OR REPLACE MACRO stat_mean_sd(total, squares, n) AS
    CASE WHEN n >= stat_interval_hands()
        THEN 10 * sqrt(stat_spread(total, squares, n) / (n - 1))
    END;


-- What every stat of player_stats and starting_hands is counted from: per player, unit,
-- game, stakes and UTC day (by_start: and starting hand), how many hands and how many of
-- them had each flag, with the sums the win rates need. Summed again over days, these
-- rows give the stats of any whole days, which is how the tables player_day_counts and
-- start_day_counts (day_counts.sql: these rows for every stored hand, kept at import)
-- answer a question in a fraction of the time the hands themselves would take. Rows of
-- the same day (and key) add up: the loader appends each batch's own (`facts`).
CREATE OR REPLACE MACRO stat_counts(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_start := false,
    facts := 'player_hand_facts'
) AS TABLE
SELECT
    ph.site,
    ph.player,
    ph.unit,
    ph.game,
    ph.limit_kind,
    ph.big_unit,
    ph.money,
    ph.currency,
    CAST(timezone('UTC', ph.started_at) AS DATE) AS day,
    CASE WHEN by_start THEN ph.start_category END AS start_category,
    CASE WHEN by_start THEN ph.start_detail END AS start_detail,
    CASE WHEN by_start THEN ph.start_order END AS start_order,
    CASE WHEN by_start THEN ph.detail_order END AS detail_order,
    CASE WHEN by_start THEN ph.door_seen = 0 END AS door_live,
    count(*) AS hands,
    -- money: exact sums; big bets are each row's sum over its one big unit
    sum(ph.net) AS net_won,
    sum(ph.net * ph.net) AS net_squares,
    count(ph.big_bets_won) AS big_bets_hands,
    sum(ph.ev_net) AS ev_net_won,
    sum(ph.ev_net * ph.ev_net) AS ev_net_squares,
    count(ph.ev_big_bets_won) AS ev_big_bets_hands,
    count(*) FILTER (WHERE ph.all_in_adjusted) AS all_in_adjusted,
    count(*) FILTER (WHERE ph.vpip) AS vpip,
    count(*) FILTER (WHERE ph.first_round_raise) AS first_round_raise,
    count(*) FILTER (WHERE ph.bring_in_player) AS bring_in_player,
    count(*) FILTER (WHERE ph.bring_in_completed) AS bring_in_completed,
    count(*) FILTER (WHERE ph.steal_opportunity) AS steal_opportunity,
    count(*) FILTER (WHERE ph.steal_attempt) AS steal_attempt,
    count(*) FILTER (WHERE ph.fold_to_steal_opportunity) AS fold_to_steal_opportunity,
    count(*) FILTER (WHERE ph.folded_to_steal) AS folded_to_steal,
    count(*) FILTER (WHERE ph.three_bet_opportunity) AS three_bet_opportunity,
    count(*) FILTER (WHERE ph.three_bet) AS three_bet,
    -- round k: hands whose game has it, hands that saw it
    count(*) FILTER (WHERE ph.betting_rounds >= 2) AS has_round_2,
    count(*) FILTER (WHERE ph.betting_rounds >= 3) AS has_round_3,
    count(*) FILTER (WHERE ph.betting_rounds >= 4) AS has_round_4,
    count(*) FILTER (WHERE ph.betting_rounds >= 5) AS has_round_5,
    count(*) FILTER (WHERE ph.streets_seen >= 2) AS saw_round_2,
    count(*) FILTER (WHERE ph.streets_seen >= 3) AS saw_round_3,
    count(*) FILTER (WHERE ph.streets_seen >= 4) AS saw_round_4,
    count(*) FILTER (WHERE ph.streets_seen >= 5) AS saw_round_5,
    sum(ph.aggressive_round_1) AS aggressive_round_1,
    sum(ph.calls_round_1) AS calls_round_1,
    sum(ph.actions_round_1) AS actions_round_1,
    sum(ph.aggressive_round_2) AS aggressive_round_2,
    sum(ph.calls_round_2) AS calls_round_2,
    sum(ph.actions_round_2) AS actions_round_2,
    sum(ph.aggressive_round_3) AS aggressive_round_3,
    sum(ph.calls_round_3) AS calls_round_3,
    sum(ph.actions_round_3) AS actions_round_3,
    sum(ph.aggressive_round_4) AS aggressive_round_4,
    sum(ph.calls_round_4) AS calls_round_4,
    sum(ph.actions_round_4) AS actions_round_4,
    sum(ph.aggressive_round_5) AS aggressive_round_5,
    sum(ph.calls_round_5) AS calls_round_5,
    sum(ph.actions_round_5) AS actions_round_5,
    count(*) FILTER (WHERE ph.went_to_showdown AND ph.streets_seen >= 2)
        AS showdown_after_round_2,
    count(*) FILTER (WHERE ph.went_to_showdown) AS went_to_showdown,
    count(*) FILTER (WHERE ph.won_at_showdown) AS won_at_showdown,
    count(*) FILTER (WHERE ph.won_without_showdown) AS won_without_showdown,
    count(*) FILTER (WHERE ph.won_pot AND ph.streets_seen >= 2) AS won_after_round_2,
    count(ph.main_pot_share) AS pot_shares,
    count(*) FILTER (WHERE ph.main_pot_share = 1) AS scoops,
    count(*) FILTER (WHERE ph.main_pot_share > 0 AND ph.main_pot_share <= 0.25) AS quarters,
    count(ph.stood_pat_draw_1) AS draw_1,
    count(*) FILTER (WHERE ph.stood_pat_draw_1) AS stood_pat_draw_1,
    count(ph.stood_pat_draw_2) AS draw_2,
    count(*) FILTER (WHERE ph.stood_pat_draw_2) AS stood_pat_draw_2,
    count(ph.stood_pat_draw_3) AS draw_3,
    count(*) FILTER (WHERE ph.stood_pat_draw_3) AS stood_pat_draw_3,
    count(ph.cards_drawn_draw_1) AS cards_drawn_draw_1_n,
    sum(ph.cards_drawn_draw_1) AS cards_drawn_draw_1,
    count(ph.cards_drawn_draw_2) AS cards_drawn_draw_2_n,
    sum(ph.cards_drawn_draw_2) AS cards_drawn_draw_2,
    count(ph.cards_drawn_draw_3) AS cards_drawn_draw_3_n,
    sum(ph.cards_drawn_draw_3) AS cards_drawn_draw_3,
    count(*) FILTER (WHERE ph.snow_opportunity) AS snow_opportunity,
    count(*) FILTER (WHERE ph.snow) AS snow
FROM stat_hands_filtered(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit,
    facts := facts
) AS ph
WHERE NOT by_start OR ph.start_category IS NOT NULL
GROUP BY ALL;


-- since and until (either may be NULL) fall on midnights UTC: the days of the tables of
-- day_counts.sql answer them; other times are counted from the hands themselves.
CREATE OR REPLACE MACRO stat_whole_days(since, until) AS
    (since IS NULL
        OR CAST(timezone('UTC', CAST(since AS TIMESTAMPTZ)) AS TIME) = TIME '00:00:00')
    AND (until IS NULL
        OR CAST(timezone('UTC', CAST(until AS TIMESTAMPTZ)) AS TIME) = TIME '00:00:00');
