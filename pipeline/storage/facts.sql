-- What the stats know about each player in each hand, computed from the hands' rows:
-- one row per row of hand_players, the columns of the table player_hand_facts
-- (schema.sql). The loader runs this query on every batch of new hands, in the batch's
-- transaction, with `hands`, `hand_players`, `actions`, `draws` and `pots` standing for
-- the batch's rows (common table expressions of those names wrap the query); on a whole
-- database it fills the table for hands stored before it existed. The stat views and
-- macros of stats.sql read the table, so that no stat has to replay every hand's actions
-- again (the betting-order windows below are the expensive part).
--
-- It uses stat_games and stat_made_hand from stats.sql. Changing this file, the table's
-- columns or those objects (stats.sql before player_rounds) rebuilds player_hand_facts
-- the next time studdraw opens the database for writing (stats.facts_version).
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
        count(*) FILTER (WHERE a.street_index = 0 AND a.action = 'check') AS checks_1,
        count(*) FILTER (WHERE a.street_index = 0 AND a.action = 'fold') AS folds_1,
        count(*) FILTER (WHERE a.street_index = 0) AS actions_1,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_2,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action = 'call') AS calls_2,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action = 'check') AS checks_2,
        count(*) FILTER (WHERE a.street_index = 1 AND a.action = 'fold') AS folds_2,
        count(*) FILTER (WHERE a.street_index = 1) AS actions_2,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_3,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action = 'call') AS calls_3,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action = 'check') AS checks_3,
        count(*) FILTER (WHERE a.street_index = 2 AND a.action = 'fold') AS folds_3,
        count(*) FILTER (WHERE a.street_index = 2) AS actions_3,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_4,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action = 'call') AS calls_4,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action = 'check') AS checks_4,
        count(*) FILTER (WHERE a.street_index = 3 AND a.action = 'fold') AS folds_4,
        count(*) FILTER (WHERE a.street_index = 3) AS actions_4,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action IN ('bet', 'raise', 'complete'))
            AS aggressive_5,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action = 'call') AS calls_5,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action = 'check') AS checks_5,
        count(*) FILTER (WHERE a.street_index = 4 AND a.action = 'fold') AS folds_5,
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
-- The net of the player whose history it is (hand_players.is_hero), per hand.
hero_nets AS (
    SELECT o.site, o.hand_number, max(o.net) FILTER (WHERE o.is_hero) AS hero_net
    FROM hand_players AS o
    GROUP BY o.site, o.hand_number
),
joined AS (
    SELECT
        hp.site,
        hp.hand_number,
        hp.player,
        hp.cards_shown,
        hp.collected,
        hp.net,
        coalesce(hp.ev_net, hp.net) AS ev_net,
        hp.all_in_equity IS NOT NULL AS all_in_adjusted,
        hp.streets_seen,
        hp.vpip,
        hp.first_round_raise,
        hp.went_to_showdown,
        hp.won_at_showdown,
        h.game,
        h.mixed_game,
        h.limit_kind,
        h.small_bet,
        h.big_bet,
        h.small_blind,
        h.big_blind,
        h.big_unit,
        h.money,
        h.currency,
        h.tournament_id,
        h.started_at,
        h.players AS players_dealt,
        h.hero,
        hn.hero_net,
        g.family,
        g.betting_rounds,
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
    LEFT JOIN hero_nets AS hn ON hn.site = hp.site AND hn.hand_number = hp.hand_number
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
    ph.player,
    ph.game,
    ph.mixed_game,
    ph.family,
    ph.limit_kind,
    ph.small_bet,
    ph.big_bet,
    ph.small_blind,
    ph.big_blind,
    ph.big_unit,
    ph.money,
    ph.currency,
    ph.tournament_id,
    ph.started_at,
    ph.players_dealt,
    ph.betting_rounds,
    ph.hero,
    ph.hero_net,
    ph.collected,
    ph.net,
    ph.ev_net,
    ph.all_in_adjusted,
    ph.streets_seen,
    ph.vpip,
    ph.first_round_raise,
    ph.went_to_showdown,
    ph.won_at_showdown,
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
    -- each betting round's decisions, NULL for a round the player was not dealt into
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.aggressive_1, 0) END AS aggressive_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.calls_1, 0) END AS calls_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.checks_1, 0) END AS checks_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.folds_1, 0) END AS folds_round_1,
    CASE WHEN ph.streets_seen >= 1 THEN coalesce(ph.actions_1, 0) END AS actions_round_1,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.aggressive_2, 0) END AS aggressive_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.calls_2, 0) END AS calls_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.checks_2, 0) END AS checks_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.folds_2, 0) END AS folds_round_2,
    CASE WHEN ph.streets_seen >= 2 THEN coalesce(ph.actions_2, 0) END AS actions_round_2,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.aggressive_3, 0) END AS aggressive_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.calls_3, 0) END AS calls_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.checks_3, 0) END AS checks_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.folds_3, 0) END AS folds_round_3,
    CASE WHEN ph.streets_seen >= 3 THEN coalesce(ph.actions_3, 0) END AS actions_round_3,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.aggressive_4, 0) END AS aggressive_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.calls_4, 0) END AS calls_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.checks_4, 0) END AS checks_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.folds_4, 0) END AS folds_round_4,
    CASE WHEN ph.streets_seen >= 4 THEN coalesce(ph.actions_4, 0) END AS actions_round_4,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.aggressive_5, 0) END AS aggressive_round_5,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.calls_5, 0) END AS calls_round_5,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.checks_5, 0) END AS checks_round_5,
    CASE WHEN ph.streets_seen >= 5 THEN coalesce(ph.folds_5, 0) END AS folds_round_5,
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
FROM judged AS ph
