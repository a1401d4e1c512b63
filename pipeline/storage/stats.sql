-- studdraw's stud/draw stat set, as plain DuckDB SQL: views and macros over the tables of
-- schema.sql. Every statement is CREATE OR REPLACE, so the file can be run on every open
-- (studdraw does, on import) and by hand in any DuckDB client:
--     duckdb my.duckdb < pipeline/storage/stats.sql
-- Definitions of every output column: docs/stats.md (and STAT_DEFINITIONS in stats.py).
--
-- No lambdas (their syntax changed in DuckDB 1.3) and no extensions, so that older
-- DuckDB clients can run the file too.
--
-- The layers, each usable on its own:
--   stat_games             one row per game id: family, betting rounds, draws, split pot
--   player_rounds          one row per player per hand per betting round dealt into
--   player_hands           one row per player per hand, with every per-hand stat flag
--   player_hands_filtered  table macro: player_hands under the common filters
--   player_stats           table macro: one row per player (and game), every stat
--   player_street_stats    table macro: one row per player (and game) and betting round
--
-- Inside the table macros a parameter shadows a column of the same name (player, site,
-- game, ...): columns are therefore always qualified by their table alias there.


-- What the stats need to know about each game. `streets` names the betting rounds in
-- order (actions.street); `ranking` says which hands count as "made" for the snow stat.
CREATE OR REPLACE VIEW stat_games AS
SELECT *
FROM (
    VALUES
        ('seven_stud', 'stud', 5, 0, false, true, 'high',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('seven_stud_hilo', 'stud', 5, 0, true, true, 'high',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('razz', 'stud', 5, 0, false, true, 'ace_to_five',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('five_stud', 'stud', 4, 0, false, true, 'high',
            ['second', 'third', 'fourth', 'fifth']),
        ('five_up_stud', 'stud', 4, 0, false, false, 'high',
            ['second', 'third', 'fourth', 'fifth']),
        ('triple_draw_27', 'draw', 4, 3, false, false, 'deuce_to_seven',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('triple_draw_a5', 'draw', 4, 3, false, false, 'ace_to_five',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('badugi', 'draw', 4, 3, false, false, 'badugi',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('single_draw_27', 'draw', 2, 1, false, false, 'deuce_to_seven',
            ['predraw', 'draw_1']),
        ('five_draw', 'draw', 2, 1, false, false, 'high',
            ['predraw', 'draw_1'])
) AS g(game, family, betting_rounds, draws, split_pot, has_bring_in, ranking, streets);


-- 100 * part / whole, NULL (not a division error, not 0) when there is no sample.
CREATE OR REPLACE MACRO stat_pct(part, whole) AS
    CASE WHEN whole > 0 THEN 100.0 * part / whole END;

-- part / whole as a ratio (the aggression factor), NULL when whole is 0.
CREATE OR REPLACE MACRO stat_ratio(part, whole) AS
    CASE WHEN whole > 0 THEN part / whole END;

-- The ranks of a hand written 'Ah Kd 5c', as letters a (deuce) .. m (ace), sorted: the
-- letters sort like the ranks, so a straight is a run of 'abcdefghijklm'.
CREATE OR REPLACE MACRO stat_rank_letters(cards) AS
    list_sort(regexp_extract_all(
        translate(cards, '23456789TJQKA', 'abcdefghijklm'), '(\S)\S', 1
    ));

CREATE OR REPLACE MACRO stat_suit_count(cards) AS
    len(list_distinct(regexp_extract_all(cards, '\S(\S)', 1)));

-- Is a pat hand "made" for the game's ranking? NULL when the hand is unknown.
--   deuce_to_seven: five different ranks, not a straight (the ace is high only), not a
--                   flush;
--   ace_to_five:    five different ranks (straights and flushes do not count);
--   badugi:         four cards of four different suits and four different ranks;
--   high:           a straight (the ace high or low) or better.
CREATE OR REPLACE MACRO stat_made_hand(cards, ranking) AS
    CASE
        WHEN cards IS NULL OR cards LIKE '%?%' THEN NULL
        WHEN ranking = 'deuce_to_seven' THEN
            len(stat_rank_letters(cards)) = 5
            AND len(list_distinct(stat_rank_letters(cards))) = 5
            AND NOT contains('abcdefghijklm', array_to_string(stat_rank_letters(cards), ''))
            AND stat_suit_count(cards) > 1
        WHEN ranking = 'ace_to_five' THEN
            len(stat_rank_letters(cards)) = 5
            AND len(list_distinct(stat_rank_letters(cards))) = 5
        WHEN ranking = 'badugi' THEN
            len(stat_rank_letters(cards)) = 4
            AND len(list_distinct(stat_rank_letters(cards))) = 4
            AND stat_suit_count(cards) = 4
        WHEN ranking = 'high' THEN
            len(stat_rank_letters(cards)) = 5
            AND (
                len(list_distinct(stat_rank_letters(cards))) = 2  -- full house or quads
                OR stat_suit_count(cards) = 1
                OR (
                    len(list_distinct(stat_rank_letters(cards))) = 5
                    AND (
                        contains('abcdefghijklm', array_to_string(stat_rank_letters(cards), ''))
                        OR array_to_string(stat_rank_letters(cards), '') = 'abcdm'  -- wheel
                    )
                )
            )
    END;


-- One row per player per hand per betting round he was dealt into (round 1 = the first
-- betting round: 3rd street, or before the first draw), with the decisions he made in
-- it. Forced bets (antes, blinds, the bring-in post) are not decisions and not counted.
CREATE OR REPLACE VIEW player_rounds AS
WITH decisions AS (
    SELECT
        a.site,
        a.hand_number,
        a.player,
        a.street_index,
        count(*) FILTER (WHERE a.action IN ('bet', 'raise', 'complete')) AS aggressive,
        count(*) FILTER (WHERE a.action = 'call') AS calls,
        count(*) FILTER (WHERE a.action = 'check') AS checks,
        count(*) FILTER (WHERE a.action = 'fold') AS folds
    FROM actions AS a
    WHERE a.action IN ('bet', 'raise', 'complete', 'call', 'check', 'fold')
    GROUP BY a.site, a.hand_number, a.player, a.street_index
),
dealt AS (
    SELECT
        hp.site,
        hp.hand_number,
        hp.player,
        h.game,
        unnest(range(hp.streets_seen)) AS street_index
    FROM hand_players AS hp
    JOIN hands AS h ON h.site = hp.site AND h.hand_number = hp.hand_number
)
SELECT
    d.site,
    d.hand_number,
    d.player,
    d.game,
    d.street_index,
    d.street_index + 1 AS round,
    coalesce(g.streets[d.street_index + 1], 'round_' || (d.street_index + 1)) AS street,
    coalesce(c.aggressive, 0) AS aggressive,
    coalesce(c.calls, 0) AS calls,
    coalesce(c.checks, 0) AS checks,
    coalesce(c.folds, 0) AS folds,
    coalesce(c.aggressive + c.calls + c.checks + c.folds, 0) AS actions
FROM dealt AS d
LEFT JOIN stat_games AS g ON g.game = d.game
LEFT JOIN decisions AS c
    ON c.site = d.site
    AND c.hand_number = d.hand_number
    AND c.player = d.player
    AND c.street_index = d.street_index;


-- One row per player per hand: hand_players, the hand's game and stakes, and every
-- per-hand flag the stats count. A flag is NULL where it does not apply (the steal in a
-- draw game, the snow in stud), false where it applies and did not happen.
CREATE OR REPLACE VIEW player_hands AS
WITH
-- The first betting round after the antes, in order, with what came before each action.
first_round AS (
    SELECT
        a.site,
        a.hand_number,
        a.seq,
        a.player,
        a.action,
        a.action IN ('fold', 'check', 'call', 'bet', 'raise', 'complete') AS is_decision,
        count(*) FILTER (WHERE a.action IN ('bet', 'raise', 'complete')) OVER earlier
            AS raises_before,
        count(*) FILTER (WHERE a.action IN ('check', 'call', 'bet', 'raise', 'complete'))
            OVER earlier AS entered_before,
        first_value(a.action) OVER in_order AS opening_action,
        first_value(a.player) OVER in_order AS opener
    FROM actions AS a
    WHERE a.street_index = 0 AND a.action <> 'ante'
    WINDOW
        earlier AS (
            PARTITION BY a.site, a.hand_number ORDER BY a.seq
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
        ),
        in_order AS (PARTITION BY a.site, a.hand_number ORDER BY a.seq)
),
-- Each player's first round: his place in the acting order (1 = last to act) and his
-- first decision with what he faced then.
first_round_players AS (
    SELECT
        fr.site,
        fr.hand_number,
        fr.player,
        any_value(fr.opening_action) AS opening_action,
        any_value(fr.opener) AS opener,
        rank() OVER (PARTITION BY fr.site, fr.hand_number ORDER BY min(fr.seq) DESC)
            AS place_from_last,
        min(fr.seq) FILTER (WHERE fr.is_decision) AS first_decision_seq,
        arg_min(fr.action, fr.seq) FILTER (WHERE fr.is_decision) AS first_decision,
        arg_min(fr.entered_before, fr.seq) FILTER (WHERE fr.is_decision)
            AS entered_before_first_decision,
        bool_or(fr.raises_before = 1) FILTER (WHERE fr.is_decision) AS faced_one_raise,
        bool_or(fr.raises_before = 1 AND fr.action IN ('bet', 'raise', 'complete'))
            FILTER (WHERE fr.is_decision) AS raised_one_raise
    FROM first_round AS fr
    GROUP BY fr.site, fr.hand_number, fr.player
),
first_round_flags AS (
    SELECT
        frp.*,
        coalesce(
            g.has_bring_in
            AND frp.opening_action = 'bring_in'
            AND frp.player <> frp.opener
            AND frp.place_from_last <= 2
            AND frp.entered_before_first_decision = 0,
            false
        ) AS steal_opportunity
    FROM first_round_players AS frp
    JOIN hands AS h ON h.site = frp.site AND h.hand_number = frp.hand_number
    LEFT JOIN stat_games AS g ON g.game = h.game
),
-- The bring-in's next decision after a steal attempt, and the raises he faced then.
steal_responses AS (
    SELECT
        s.site,
        s.hand_number,
        s.opener AS player,
        arg_min(fr.action, fr.seq) AS response,
        arg_min(fr.raises_before, fr.seq) AS raises_faced
    FROM first_round_flags AS s
    JOIN first_round AS fr
        ON fr.site = s.site
        AND fr.hand_number = s.hand_number
        AND fr.player = s.opener
        AND fr.seq > s.first_decision_seq
        AND fr.is_decision
    WHERE s.steal_opportunity AND s.first_decision IN ('bet', 'raise', 'complete')
    GROUP BY s.site, s.hand_number, s.opener
),
-- The player's decisions on each betting round (forced bets are not decisions).
round_decisions AS (
    SELECT
        a.site,
        a.hand_number,
        a.player,
        count(*) FILTER (WHERE a.street_index = 0 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_1,
        count(*) FILTER (WHERE a.street_index = 0 AND a.action = 'call') AS calls_1,
        count(*) FILTER (WHERE a.street_index = 0) AS actions_1,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_2,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action = 'call') AS calls_2,
        count(*) FILTER (WHERE a.street_index = 1) AS actions_2,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_3,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action = 'call') AS calls_3,
        count(*) FILTER (WHERE a.street_index = 2) AS actions_3,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_4,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action = 'call') AS calls_4,
        count(*) FILTER (WHERE a.street_index = 3) AS actions_4,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_5,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action = 'call') AS calls_5,
        count(*) FILTER (WHERE a.street_index = 4) AS actions_5
    FROM actions AS a
    WHERE a.action IN ('bet', 'raise', 'complete', 'call', 'check', 'fold')
    GROUP BY a.site, a.hand_number, a.player
),
player_draws AS (
    SELECT
        d.site,
        d.hand_number,
        d.player,
        bool_or(d.stood_pat) FILTER (WHERE d.draw_number = 1) AS stood_pat_draw_1,
        bool_or(d.stood_pat) FILTER (WHERE d.draw_number = 2) AS stood_pat_draw_2,
        bool_or(d.stood_pat) FILTER (WHERE d.draw_number = 3) AS stood_pat_draw_3,
        max(d.discard_count) FILTER (WHERE d.draw_number = 1) AS cards_drawn_draw_1,
        max(d.discard_count) FILTER (WHERE d.draw_number = 2) AS cards_drawn_draw_2,
        max(d.discard_count) FILTER (WHERE d.draw_number = 3) AS cards_drawn_draw_3,
        max(d.kept) FILTER (WHERE d.draw_number = 1 AND d.stood_pat) AS pat_cards_draw_1,
        bool_and(d.stood_pat) AS stood_pat_every_draw
    FROM draws AS d
    GROUP BY d.site, d.hand_number, d.player
),
main_pots AS (
    SELECT p.site, p.hand_number, p.high_winners, p.low_winners
    FROM pots AS p
    WHERE p.pot_index = 0
),
joined AS (
    SELECT
        hp.*,
        h.game,
        h.mixed_game,
        h.limit_kind,
        h.small_bet,
        h.big_bet,
        h.big_unit,
        h.money,
        h.currency,
        h.tournament_id,
        h.started_at,
        h.players AS players_dealt,
        g.family,
        g.betting_rounds,
        g.draws AS draws_in_game,
        g.split_pot,
        g.has_bring_in,
        g.ranking,
        frf.opening_action,
        frf.opener,
        frf.first_decision,
        frf.steal_opportunity AS steal_seat_opportunity,
        frf.faced_one_raise,
        frf.raised_one_raise,
        sr.response AS steal_response,
        sr.raises_faced AS steal_raises_faced,
        r.* EXCLUDE (site, hand_number, player),
        pd.* EXCLUDE (site, hand_number, player),
        mp.high_winners AS main_pot_high_winners,
        mp.low_winners AS main_pot_low_winners
    FROM hand_players AS hp
    JOIN hands AS h ON h.site = hp.site AND h.hand_number = hp.hand_number
    LEFT JOIN stat_games AS g ON g.game = h.game
    LEFT JOIN first_round_flags AS frf
        ON frf.site = hp.site AND frf.hand_number = hp.hand_number AND frf.player = hp.player
    LEFT JOIN steal_responses AS sr
        ON sr.site = hp.site AND sr.hand_number = hp.hand_number AND sr.player = hp.player
    LEFT JOIN round_decisions AS r
        ON r.site = hp.site AND r.hand_number = hp.hand_number AND r.player = hp.player
    LEFT JOIN player_draws AS pd
        ON pd.site = hp.site AND pd.hand_number = hp.hand_number AND pd.player = hp.player
    LEFT JOIN main_pots AS mp ON mp.site = hp.site AND mp.hand_number = hp.hand_number
),
-- The pat hand of the first draw, where it is known: the cards kept (the hero's), else
-- the cards shown down by a player who stood pat on every draw (they are the same).
pat_hands AS (
    SELECT
        j.*,
        CASE
            WHEN j.stood_pat_draw_1
                THEN coalesce(
                    j.pat_cards_draw_1,
                    CASE WHEN j.stood_pat_every_draw THEN j.cards_shown END
                )
        END AS pat_hand_draw_1
    FROM joined AS j
),
judged AS (
    SELECT pt.*, stat_made_hand(pt.pat_hand_draw_1, pt.ranking) AS pat_hand_made
    FROM pat_hands AS pt
)
SELECT
    ph.site,
    ph.hand_number,
    ph.seat,
    ph.player,
    ph.is_hero,
    ph.game,
    ph.mixed_game,
    ph.family,
    ph.limit_kind,
    ph.small_bet,
    ph.big_bet,
    ph.big_unit,
    ph.money,
    ph.currency,
    ph.tournament_id,
    ph.started_at,
    ph.players_dealt,
    ph.betting_rounds,
    ph.stack,
    ph.cards_down,
    ph.cards_up,
    ph.cards_shown,
    ph.put_in,
    ph.collected,
    ph.net,
    ph.rake_share,
    ph.net / nullif(ph.big_unit, 0) AS big_bets_won,
    ph.collected > 0 AS won_pot,
    ph.streets_seen,
    ph.vpip,
    ph.first_round_raise,
    ph.went_to_showdown,
    ph.won_at_showdown,
    ph.collected > 0 AND NOT ph.went_to_showdown AS won_without_showdown,
    -- stud: the bring-in player acts first on the first round, posting or completing
    CASE WHEN ph.has_bring_in THEN coalesce(ph.player = ph.opener, false) END
        AS bring_in_player,
    CASE
        WHEN ph.has_bring_in AND ph.player = ph.opener
            THEN ph.opening_action IN ('bet', 'complete')
    END AS bring_in_completed,
    CASE WHEN ph.has_bring_in THEN coalesce(ph.steal_seat_opportunity, false) END
        AS steal_opportunity,
    CASE
        WHEN ph.has_bring_in
            THEN coalesce(
                ph.steal_seat_opportunity AND ph.first_decision IN ('bet', 'raise', 'complete'),
                false
            )
    END AS steal_attempt,
    CASE WHEN ph.has_bring_in THEN coalesce(ph.steal_raises_faced = 1, false) END
        AS fold_to_steal_opportunity,
    CASE
        WHEN ph.has_bring_in
            THEN coalesce(ph.steal_raises_faced = 1 AND ph.steal_response = 'fold', false)
    END AS folded_to_steal,
    -- draw: a raise of a raise before the first draw
    CASE WHEN ph.family = 'draw' THEN coalesce(ph.faced_one_raise, false) END
        AS three_bet_opportunity,
    CASE WHEN ph.family = 'draw' THEN coalesce(ph.raised_one_raise, false) END AS three_bet,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.aggressive_1, 0) END AS aggressive_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.calls_1, 0) END AS calls_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.actions_1, 0) END AS actions_round_1,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.aggressive_2, 0) END AS aggressive_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.calls_2, 0) END AS calls_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.actions_2, 0) END AS actions_round_2,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.aggressive_3, 0) END AS aggressive_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.calls_3, 0) END AS calls_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.actions_3, 0) END AS actions_round_3,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.aggressive_4, 0) END AS aggressive_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.calls_4, 0) END AS calls_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.actions_4, 0) END AS actions_round_4,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.aggressive_5, 0) END AS aggressive_round_5,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.calls_5, 0) END AS calls_round_5,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.actions_5, 0) END AS actions_round_5,
    ph.stood_pat_draw_1,
    ph.stood_pat_draw_2,
    ph.stood_pat_draw_3,
    ph.cards_drawn_draw_1,
    ph.cards_drawn_draw_2,
    ph.cards_drawn_draw_3,
    ph.pat_hand_draw_1,
    ph.pat_hand_made,
    CASE
        WHEN ph.family = 'draw'
            THEN coalesce(
                ph.stood_pat_draw_1 AND ph.pat_hand_made IS NOT NULL,
                false
            )
    END AS snow_opportunity,
    CASE
        WHEN ph.family = 'draw'
            THEN coalesce(
                ph.stood_pat_draw_1
                AND NOT ph.pat_hand_made
                AND ph.aggressive_2 > 0,
                false
            )
    END AS snow,
    -- hi/lo: the player's share of the main pot at a showdown where it was judged
    CASE
        WHEN ph.split_pot AND ph.went_to_showdown AND len(ph.main_pot_high_winners) > 0
            THEN CASE
                WHEN len(ph.main_pot_low_winners) = 0
                    THEN CASE
                        WHEN list_contains(ph.main_pot_high_winners, ph.player)
                            THEN 1.0 / len(ph.main_pot_high_winners)
                        ELSE 0.0
                    END
                ELSE
                    CASE
                        WHEN list_contains(ph.main_pot_high_winners, ph.player)
                            THEN 0.5 / len(ph.main_pot_high_winners)
                        ELSE 0.0
                    END
                    + CASE
                        WHEN list_contains(ph.main_pot_low_winners, ph.player)
                            THEN 0.5 / len(ph.main_pot_low_winners)
                        ELSE 0.0
                    END
            END
    END::DOUBLE AS main_pot_share
FROM judged AS ph;


-- player_hands under the common filters; NULL (the default) means "no filter".
--   money: 'real', 'play', 'tournament', or 'cash' for real and play money together.
--   since / until: a date or a timestamp; since <= started_at < until.
CREATE OR REPLACE MACRO player_hands_filtered(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL
) AS TABLE
SELECT ph.*
FROM player_hands AS ph
WHERE (player IS NULL OR ph.player = player)
    AND (site IS NULL OR ph.site = site)
    AND (game IS NULL OR ph.game = game)
    AND (limit_kind IS NULL OR ph.limit_kind = limit_kind)
    AND (big_unit IS NULL OR ph.big_unit = big_unit)
    AND (since IS NULL OR ph.started_at >= CAST(since AS TIMESTAMPTZ))
    AND (until IS NULL OR ph.started_at < CAST(until AS TIMESTAMPTZ))
    AND (
        money IS NULL
        OR ph.money = money
        OR (money = 'cash' AND ph.money IN ('real', 'play'))
    );


-- One row per (site, player, game) -- per (site, player) with by_game := false -- with
-- every stat. Each percentage X_pct has its sample size X_n (its denominator) beside it.
CREATE OR REPLACE MACRO player_stats(
    player := NULL,
    site := NULL,
    game := NULL,
    limit_kind := NULL,
    big_unit := NULL,
    since := NULL,
    until := NULL,
    money := NULL,
    by_game := true
) AS TABLE
SELECT
    ph.site AS site,
    ph.player AS player,
    CASE WHEN by_game THEN ph.game END AS game,
    count(*) AS hands,
    sum(ph.net) AS net_won,
    sum(ph.big_bets_won) AS big_bets_won,
    stat_ratio(100.0 * sum(ph.big_bets_won), count(ph.big_bets_won)) AS big_bets_per_100,

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
FROM player_hands_filtered(
    player := player,
    site := site,
    game := game,
    limit_kind := limit_kind,
    big_unit := big_unit,
    since := since,
    until := until,
    money := money
) AS ph
GROUP BY ph.site, ph.player, CASE WHEN by_game THEN ph.game END
ORDER BY hands DESC, ph.site, ph.player, CASE WHEN by_game THEN ph.game END;


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
    by_game := true
) AS TABLE
WITH possible AS (
    -- every betting round the player's game has, dealt into or not
    SELECT
        ph.site AS p_site,
        ph.hand_number AS p_hand_number,
        ph.player AS p_player,
        ph.game AS p_game,
        unnest(range(ph.betting_rounds)) AS p_street_index
    FROM player_hands_filtered(
        player := player,
        site := site,
        game := game,
        limit_kind := limit_kind,
        big_unit := big_unit,
        since := since,
        until := until,
        money := money
    ) AS ph
)
SELECT
    p.p_site AS site,
    p.p_player AS player,
    CASE WHEN by_game THEN p.p_game END AS game,
    p.p_street_index + 1 AS round,
    CASE WHEN by_game THEN any_value(g.streets[p.p_street_index + 1]) END AS street,
    count(pr.round) AS hands_seen,
    stat_pct(count(pr.round), count(*)) AS saw_pct,
    count(*) AS saw_n,
    coalesce(sum(pr.aggressive), 0)::BIGINT AS aggressive,
    coalesce(sum(pr.calls), 0)::BIGINT AS calls,
    coalesce(sum(pr.checks), 0)::BIGINT AS checks,
    coalesce(sum(pr.folds), 0)::BIGINT AS folds,
    stat_ratio(sum(pr.aggressive), sum(pr.calls)) AS af,
    coalesce(sum(pr.calls), 0)::BIGINT AS af_n,
    stat_pct(sum(pr.aggressive), sum(pr.actions)) AS afq_pct,
    coalesce(sum(pr.actions), 0)::BIGINT AS afq_n
FROM possible AS p
LEFT JOIN stat_games AS g ON g.game = p.p_game
LEFT JOIN player_rounds AS pr
    ON pr.site = p.p_site
    AND pr.hand_number = p.p_hand_number
    AND pr.player = p.p_player
    AND pr.street_index = p.p_street_index
GROUP BY p.p_site, p.p_player, CASE WHEN by_game THEN p.p_game END, p.p_street_index
ORDER BY p.p_site, p.p_player, CASE WHEN by_game THEN p.p_game END, p.p_street_index;
