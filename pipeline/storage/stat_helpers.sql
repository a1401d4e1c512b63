-- What the stat facts are made with: the table of games and the small macros that
-- facts.sql (which fills player_hand_facts) and the stat views share. Every statement is
-- CREATE OR REPLACE. Changing this file, facts.sql or facts_table.sql changes the facts'
-- version (pipeline/storage/stats.py, facts_version): studdraw then rebuilds the table.


-- What the stats need to know about each game. `streets` names the betting rounds in
-- order (actions.street); `ranking` says which hands count as "made" for the snow stat;
-- `split_ranking`, NULL but in split-pot games, how the other half of the pot is judged.
-- A copy of parsers/model/games.py for SQL clients; tests/parsers/test_game_rules.py holds it to that.
CREATE OR REPLACE VIEW stat_games AS
SELECT *, split_ranking IS NOT NULL AS split_pot
FROM (
    VALUES
        ('seven_stud', 'stud', 5, 0, NULL, true, 'high',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('seven_stud_hilo', 'stud', 5, 0, 'eight_or_better', true, 'high',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('razz', 'stud', 5, 0, NULL, true, 'ace_to_five',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('razz_27', 'stud', 5, 0, NULL, true, 'deuce_to_seven',
            ['third', 'fourth', 'fifth', 'sixth', 'seventh']),
        ('five_stud', 'stud', 4, 0, NULL, true, 'high',
            ['second', 'third', 'fourth', 'fifth']),
        ('five_up_stud', 'stud', 4, 0, NULL, false, 'high',
            ['second', 'third', 'fourth', 'fifth']),
        ('triple_draw_27', 'draw', 4, 3, NULL, false, 'deuce_to_seven',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('triple_draw_a5', 'draw', 4, 3, NULL, false, 'ace_to_five',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('badugi', 'draw', 4, 3, NULL, false, 'badugi',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('badeucey', 'draw', 4, 3, 'deuce_to_seven', false, 'badugi',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('badacey', 'draw', 4, 3, 'ace_to_five', false, 'badugi',
            ['predraw', 'draw_1', 'draw_2', 'draw_3']),
        ('single_draw_27', 'draw', 2, 1, NULL, false, 'deuce_to_seven',
            ['predraw', 'draw_1']),
        ('single_draw_a5', 'draw', 2, 1, NULL, false, 'ace_to_five',
            ['predraw', 'draw_1']),
        ('five_draw', 'draw', 2, 1, NULL, false, 'high',
            ['predraw', 'draw_1'])
) AS g(game, family, betting_rounds, draws, split_ranking, has_bring_in, ranking, streets);


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
        WHEN ranking = 'badugi' AND len(stat_rank_letters(cards)) = 5 THEN NULL  -- Badeucey
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
