-- The one derived table, beside the imported ones of schema.sql: what the stats know about
-- each player in each hand (one row per row of hand_players), computed by facts.sql from
-- the hand's rows. The loader writes a batch's rows here in the batch's own transaction; a
-- database written before this table existed (or with another version of it: see
-- facts_version in stats.py) gets it filled when studdraw next opens it for writing. Read
-- it through the views of stats.sql (player_hands, player_rounds) and the stat macros.
CREATE TABLE IF NOT EXISTS player_hand_facts (
    site            VARCHAR NOT NULL,
    hand_number     VARCHAR NOT NULL,
    player          VARCHAR NOT NULL,
    game            VARCHAR,               -- the hand's columns, repeated for the filters
    mixed_game      VARCHAR,
    family          VARCHAR,               -- 'stud' or 'draw' (stat_games)
    limit_kind      VARCHAR,
    small_bet       DECIMAL(18, 4),
    big_bet         DECIMAL(18, 4),
    small_blind     DECIMAL(18, 4),
    big_blind       DECIMAL(18, 4),
    big_unit        DECIMAL(18, 4),
    money           VARCHAR,
    currency        VARCHAR,
    tournament_id   VARCHAR,
    started_at      TIMESTAMPTZ,
    players_dealt   INTEGER,               -- hands.players
    betting_rounds  INTEGER,               -- the game's betting rounds (stat_games)
    hero            VARCHAR,               -- hands.hero: whose history the hand comes from
    hero_net        DECIMAL(18, 4),        -- that player's net in the hand
    collected       DECIMAL(18, 4),        -- hand_players' columns the stats count
    net             DECIMAL(18, 4),
    ev_net          DECIMAL(18, 4),        -- all-in adjusted net: hand_players.ev_net, else net
    all_in_adjusted BOOLEAN,               -- his result was adjusted (all_in_equity set)
    streets_seen    INTEGER,
    vpip            BOOLEAN,
    first_round_raise BOOLEAN,
    went_to_showdown BOOLEAN,
    won_at_showdown BOOLEAN,
    bring_in_player BOOLEAN,               -- the per-hand flags of docs/stats.md
    bring_in_completed BOOLEAN,
    steal_opportunity BOOLEAN,
    steal_attempt   BOOLEAN,
    fold_to_steal_opportunity BOOLEAN,
    folded_to_steal BOOLEAN,
    three_bet_opportunity BOOLEAN,
    three_bet       BOOLEAN,
    aggressive_round_1 BIGINT,               -- bets, raises, completes on round 1; NULL: not dealt into it
    calls_round_1      BIGINT,
    checks_round_1     BIGINT,
    folds_round_1      BIGINT,
    actions_round_1    BIGINT,                -- the four together: his decisions on round 1
    aggressive_round_2 BIGINT,               -- bets, raises, completes on round 2; NULL: not dealt into it
    calls_round_2      BIGINT,
    checks_round_2     BIGINT,
    folds_round_2      BIGINT,
    actions_round_2    BIGINT,                -- the four together: his decisions on round 2
    aggressive_round_3 BIGINT,               -- bets, raises, completes on round 3; NULL: not dealt into it
    calls_round_3      BIGINT,
    checks_round_3     BIGINT,
    folds_round_3      BIGINT,
    actions_round_3    BIGINT,                -- the four together: his decisions on round 3
    aggressive_round_4 BIGINT,               -- bets, raises, completes on round 4; NULL: not dealt into it
    calls_round_4      BIGINT,
    checks_round_4     BIGINT,
    folds_round_4      BIGINT,
    actions_round_4    BIGINT,                -- the four together: his decisions on round 4
    aggressive_round_5 BIGINT,               -- bets, raises, completes on round 5; NULL: not dealt into it
    calls_round_5      BIGINT,
    checks_round_5     BIGINT,
    folds_round_5      BIGINT,
    actions_round_5    BIGINT,                -- the four together: his decisions on round 5
    stood_pat_draw_1 BOOLEAN,
    stood_pat_draw_2 BOOLEAN,
    stood_pat_draw_3 BOOLEAN,
    cards_drawn_draw_1 INTEGER,
    cards_drawn_draw_2 INTEGER,
    cards_drawn_draw_3 INTEGER,
    pat_hand_draw_1 VARCHAR,
    pat_hand_made   BOOLEAN,
    snow_opportunity BOOLEAN,
    snow            BOOLEAN,
    main_pot_share  DOUBLE,
    -- The starting hand, where the player's starting cards are known (named in Python by
    -- starting_hands.py, starting_hand_facts.py): NULL elsewhere.
    start_category  VARCHAR,               -- 'split pair', '7-low', 'draws one', ...
    start_detail    VARCHAR,               -- 'split kings', '7-3-A', 'draws one to 7-6-4-2'
    start_order     INTEGER,               -- the category's place in a report (0 first)
    detail_order    INTEGER,               -- the detail's place within its category
    door_seen       INTEGER                -- stud: cards of the door card's rank among the
                                           -- other players' door cards (0: live)
    -- No key is enforced (see hand_players): the loader writes a hand's rows only with
    -- the hand itself.
);
