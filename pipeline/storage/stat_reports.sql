-- The stat reports: table macros over the counts of day_counts.sql (after stats.sql and
-- those tables; stats.py installs the files in that order).


-- stat_counts' rows under the common filters: the stored days' rows of player_day_counts
-- (start_day_counts with by_start) when since and until are whole UTC days, as the
-- dashboard's are; else counted from the hands themselves (the same rows, slower).
CREATE OR REPLACE MACRO stat_counts_filtered(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_start := false
) AS TABLE
SELECT c.*
FROM query_table(CASE WHEN by_start THEN 'start_day_counts' ELSE 'player_day_counts' END) AS c
WHERE stat_whole_days(since, until)
    AND stat_filters_pass(
        c.player, c.site, c.game, c.limit_kind, c.big_unit, timezone('UTC', c.day::TIMESTAMP),
        c.money, c.unit, player, site, game, limit_kind, big_unit, since, until, money, unit
    )
UNION ALL
SELECT c.*
FROM stat_counts(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit,
    by_start := by_start
) AS c
WHERE NOT stat_whole_days(since, until);


-- Each row of stat_counts_filtered with its results in big bets: the sums over its one
-- big unit divided by it (NULL where the big unit is 0 or unknown).
CREATE OR REPLACE MACRO stat_counts_in_big_bets(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    unit := NULL,
    by_start := false
) AS TABLE
SELECT
    c.*,
    c.net_won / nullif(c.big_unit, 0) AS big_bets_won,
    c.net_squares / nullif(c.big_unit * c.big_unit, 0) AS big_bets_squares,
    c.ev_net_won / nullif(c.big_unit, 0) AS ev_big_bets_won,
    c.ev_net_squares / nullif(c.big_unit * c.big_unit, 0) AS ev_big_bets_squares
FROM stat_counts_filtered(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit,
    by_start := by_start
) AS c;


-- A win rate (BB/100), its SD per 100 hands and 95% interval from summed counts: `won`,
-- `squares` the sums of the per-hand results in big bets and of their squares over `n`
-- hands (aggregates of stat_counts_in_big_bets' columns: use them in a grouped query).
CREATE OR REPLACE MACRO stat_counted_rate(won, n) AS
    stat_ratio(100.0 * sum(won), sum(n));

CREATE OR REPLACE MACRO stat_counted_low(won, squares, n) AS
    stat_counted_rate(won, n) - stat_mean_margin(sum(won), sum(squares), sum(n));

CREATE OR REPLACE MACRO stat_counted_high(won, squares, n) AS
    stat_counted_rate(won, n) + stat_mean_margin(sum(won), sum(squares), sum(n));

CREATE OR REPLACE MACRO stat_counted_sd(won, squares, n) AS
    stat_mean_sd(sum(won), sum(squares), sum(n));


-- One row per (site, player, unit, game) -- per (site, player, unit) with by_game := false
-- -- with every stat. Money of two units (dollars, euros, play money, tournament chips)
-- is never added: each has its rows. Each percentage X_pct has its sample size X_n (its
-- denominator) beside it.
-- One row per (site, player, unit, game) -- per (site, player, unit) with by_game := false
-- -- with every stat. Money of two units (dollars, euros, play money, tournament chips)
-- is never added: each has its rows. Each percentage X_pct has its sample size X_n (its
-- denominator) beside it. Summed from stat_counts' rows (player_day_counts).
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
    c.site AS site,
    c.player AS player,
    c.unit AS unit,
    CASE WHEN by_game THEN c.game END AS game,
    sum(c.hands)::BIGINT AS hands,
    sum(c.net_won) AS net_won,
    sum(c.big_bets_won) AS big_bets_won,
    stat_counted_rate(c.big_bets_won, c.big_bets_hands) AS big_bets_per_100,
    stat_counted_low(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_low,
    stat_counted_high(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_high,
    stat_counted_sd(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_sd,
    -- all-in adjusted: the luck of the cards after an all-in taken out (docs/stats.md)
    sum(c.ev_net_won) AS ev_net_won,
    sum(c.ev_big_bets_won) AS ev_big_bets_won,
    stat_counted_rate(c.ev_big_bets_won, c.ev_big_bets_hands) AS ev_big_bets_per_100,
    stat_counted_low(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_low,
    stat_counted_high(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_high,
    stat_counted_sd(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_sd,
    sum(c.all_in_adjusted)::BIGINT AS all_in_adjusted_n,

    stat_pct(sum(c.vpip), sum(c.hands)) AS vpip_pct,
    sum(c.hands)::BIGINT AS vpip_n,
    stat_pct(sum(c.first_round_raise), sum(c.hands)) AS first_round_raise_pct,
    sum(c.hands)::BIGINT AS first_round_raise_n,

    stat_pct(sum(c.bring_in_completed), sum(c.bring_in_player)) AS bring_in_complete_pct,
    sum(c.bring_in_player)::BIGINT AS bring_in_complete_n,
    stat_pct(sum(c.steal_attempt), sum(c.steal_opportunity)) AS steal_pct,
    sum(c.steal_opportunity)::BIGINT AS steal_n,
    stat_pct(sum(c.folded_to_steal), sum(c.fold_to_steal_opportunity)) AS fold_to_steal_pct,
    sum(c.fold_to_steal_opportunity)::BIGINT AS fold_to_steal_n,
    stat_pct(sum(c.three_bet), sum(c.three_bet_opportunity)) AS three_bet_pct,
    sum(c.three_bet_opportunity)::BIGINT AS three_bet_n,

    stat_pct(sum(c.saw_round_2), sum(c.has_round_2)) AS saw_round_2_pct,
    sum(c.has_round_2)::BIGINT AS saw_round_2_n,
    stat_pct(sum(c.saw_round_3), sum(c.has_round_3)) AS saw_round_3_pct,
    sum(c.has_round_3)::BIGINT AS saw_round_3_n,
    stat_pct(sum(c.saw_round_4), sum(c.has_round_4)) AS saw_round_4_pct,
    sum(c.has_round_4)::BIGINT AS saw_round_4_n,
    stat_pct(sum(c.saw_round_5), sum(c.has_round_5)) AS saw_round_5_pct,
    sum(c.has_round_5)::BIGINT AS saw_round_5_n,

    stat_ratio(sum(c.aggressive_round_1), sum(c.calls_round_1)) AS af_round_1,
    coalesce(sum(c.calls_round_1), 0)::BIGINT AS af_round_1_n,
    stat_pct(sum(c.aggressive_round_1), sum(c.actions_round_1)) AS afq_round_1_pct,
    coalesce(sum(c.actions_round_1), 0)::BIGINT AS afq_round_1_n,
    stat_ratio(sum(c.aggressive_round_2), sum(c.calls_round_2)) AS af_round_2,
    coalesce(sum(c.calls_round_2), 0)::BIGINT AS af_round_2_n,
    stat_pct(sum(c.aggressive_round_2), sum(c.actions_round_2)) AS afq_round_2_pct,
    coalesce(sum(c.actions_round_2), 0)::BIGINT AS afq_round_2_n,
    stat_ratio(sum(c.aggressive_round_3), sum(c.calls_round_3)) AS af_round_3,
    coalesce(sum(c.calls_round_3), 0)::BIGINT AS af_round_3_n,
    stat_pct(sum(c.aggressive_round_3), sum(c.actions_round_3)) AS afq_round_3_pct,
    coalesce(sum(c.actions_round_3), 0)::BIGINT AS afq_round_3_n,
    stat_ratio(sum(c.aggressive_round_4), sum(c.calls_round_4)) AS af_round_4,
    coalesce(sum(c.calls_round_4), 0)::BIGINT AS af_round_4_n,
    stat_pct(sum(c.aggressive_round_4), sum(c.actions_round_4)) AS afq_round_4_pct,
    coalesce(sum(c.actions_round_4), 0)::BIGINT AS afq_round_4_n,
    stat_ratio(sum(c.aggressive_round_5), sum(c.calls_round_5)) AS af_round_5,
    coalesce(sum(c.calls_round_5), 0)::BIGINT AS af_round_5_n,
    stat_pct(sum(c.aggressive_round_5), sum(c.actions_round_5)) AS afq_round_5_pct,
    coalesce(sum(c.actions_round_5), 0)::BIGINT AS afq_round_5_n,

    stat_pct(sum(c.showdown_after_round_2), sum(c.saw_round_2)) AS went_to_showdown_pct,
    sum(c.saw_round_2)::BIGINT AS went_to_showdown_n,
    stat_pct(sum(c.won_at_showdown), sum(c.went_to_showdown)) AS won_at_showdown_pct,
    sum(c.went_to_showdown)::BIGINT AS won_at_showdown_n,
    stat_pct(sum(c.won_without_showdown), sum(c.hands)) AS won_without_showdown_pct,
    sum(c.hands)::BIGINT AS won_without_showdown_n,
    stat_pct(sum(c.won_after_round_2), sum(c.saw_round_2)) AS won_when_saw_round_2_pct,
    sum(c.saw_round_2)::BIGINT AS won_when_saw_round_2_n,

    stat_pct(sum(c.scoops), sum(c.pot_shares)) AS scoop_pct,
    sum(c.pot_shares)::BIGINT AS scoop_n,
    stat_pct(sum(c.quarters), sum(c.pot_shares)) AS quartered_pct,
    sum(c.pot_shares)::BIGINT AS quartered_n,

    stat_pct(sum(c.stood_pat_draw_1), sum(c.draw_1)) AS stood_pat_draw_1_pct,
    sum(c.draw_1)::BIGINT AS stood_pat_draw_1_n,
    stat_pct(sum(c.stood_pat_draw_2), sum(c.draw_2)) AS stood_pat_draw_2_pct,
    sum(c.draw_2)::BIGINT AS stood_pat_draw_2_n,
    stat_pct(sum(c.stood_pat_draw_3), sum(c.draw_3)) AS stood_pat_draw_3_pct,
    sum(c.draw_3)::BIGINT AS stood_pat_draw_3_n,
    stat_ratio(sum(c.cards_drawn_draw_1), sum(c.cards_drawn_draw_1_n)) AS cards_drawn_draw_1_avg,
    sum(c.cards_drawn_draw_1_n)::BIGINT AS cards_drawn_draw_1_n,
    stat_ratio(sum(c.cards_drawn_draw_2), sum(c.cards_drawn_draw_2_n)) AS cards_drawn_draw_2_avg,
    sum(c.cards_drawn_draw_2_n)::BIGINT AS cards_drawn_draw_2_n,
    stat_ratio(sum(c.cards_drawn_draw_3), sum(c.cards_drawn_draw_3_n)) AS cards_drawn_draw_3_avg,
    sum(c.cards_drawn_draw_3_n)::BIGINT AS cards_drawn_draw_3_n,
    stat_pct(sum(c.snow), sum(c.snow_opportunity)) AS snow_pct,
    sum(c.snow_opportunity)::BIGINT AS snow_n
FROM stat_counts_in_big_bets(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit
) AS c
GROUP BY c.site, c.player, c.unit, CASE WHEN by_game THEN c.game END
ORDER BY hands DESC, c.site, c.player, c.unit, CASE WHEN by_game THEN c.game END;


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
    c.site AS site,
    c.player AS player,
    c.unit AS unit,
    c.game AS game,
    c.start_category AS category,
    CASE WHEN by_detail THEN c.start_detail END AS detail,
    CASE WHEN by_door THEN c.door_live END AS door_live,
    min(c.start_order) AS category_order,
    CASE WHEN by_detail THEN min(c.detail_order) END AS detail_order,
    sum(c.hands)::BIGINT AS hands,
    stat_pct(sum(c.vpip), sum(c.hands)) AS vpip_pct,
    sum(c.hands)::BIGINT AS vpip_n,
    stat_pct(sum(c.first_round_raise), sum(c.hands)) AS first_round_raise_pct,
    sum(c.hands)::BIGINT AS first_round_raise_n,
    sum(c.net_won) AS net_won,
    sum(c.big_bets_won) AS big_bets_won,
    stat_counted_rate(c.big_bets_won, c.big_bets_hands) AS big_bets_per_100,
    stat_counted_low(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_low,
    stat_counted_high(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_high,
    stat_counted_sd(c.big_bets_won, c.big_bets_squares, c.big_bets_hands)
        AS big_bets_per_100_sd,
    sum(c.ev_net_won) AS ev_net_won,
    sum(c.ev_big_bets_won) AS ev_big_bets_won,
    stat_counted_rate(c.ev_big_bets_won, c.ev_big_bets_hands) AS ev_big_bets_per_100,
    stat_counted_low(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_low,
    stat_counted_high(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_high,
    stat_counted_sd(c.ev_big_bets_won, c.ev_big_bets_squares, c.ev_big_bets_hands)
        AS ev_big_bets_per_100_sd,
    sum(c.all_in_adjusted)::BIGINT AS all_in_adjusted_n
FROM stat_counts_in_big_bets(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money,
    unit := unit,
    by_start := true
) AS c
GROUP BY
    c.site,
    c.player,
    c.unit,
    c.game,
    c.start_category,
    CASE WHEN by_detail THEN c.start_detail END,
    CASE WHEN by_door THEN c.door_live END
ORDER BY
    c.site, c.player, c.unit, c.game, category_order, detail_order,
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
