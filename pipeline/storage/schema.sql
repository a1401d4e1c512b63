-- studdraw's database: one DuckDB file. Table and column names are part of the user
-- interface (users write SQL against them): change them only with a migration.
-- Money is DECIMAL(18,4): exact, and wide enough for tournament chips and fractional cents.
-- A hand is identified by (site, hand_number); every child table repeats that pair.

CREATE TABLE IF NOT EXISTS hands (
    site            VARCHAR NOT NULL,      -- 'pokerstars', ...
    hand_number     VARCHAR NOT NULL,      -- the site's own number, as printed
    game            VARCHAR NOT NULL,      -- game id: 'seven_stud', 'razz', 'badugi', ...
    mixed_game      VARCHAR,               -- '8-Game', 'HORSE', 'Triple Stud', ...
    limit_kind      VARCHAR NOT NULL,      -- 'fixed_limit', 'pot_limit', 'no_limit', 'half_pot_limit'
    small_bet       DECIMAL(18, 4),
    big_bet         DECIMAL(18, 4),
    ante            DECIMAL(18, 4),
    bring_in        DECIMAL(18, 4),
    small_blind     DECIMAL(18, 4),
    big_blind       DECIMAL(18, 4),
    big_unit        DECIMAL(18, 4),        -- the unit of "big bets per 100": big bet in
                                           -- fixed limit, big blind in pot and no limit
    money           VARCHAR NOT NULL,      -- 'real', 'play', 'tournament'
    currency        VARCHAR,               -- 'USD', 'EUR'; NULL for play money and chips
    tournament_id   VARCHAR,
    buy_in          DECIMAL(18, 4),
    fee             DECIMAL(18, 4),
    bounty          DECIMAL(18, 4),
    tournament_level VARCHAR,
    table_name      VARCHAR,
    max_seats       INTEGER,
    button_seat     INTEGER,
    players         INTEGER NOT NULL,      -- players dealt in
    started_at      TIMESTAMPTZ NOT NULL,  -- UTC
    site_time       VARCHAR,               -- the site's clock as printed, with its zone
    total_pot       DECIMAL(18, 4) NOT NULL,
    rake            DECIMAL(18, 4) NOT NULL,
    hero            VARCHAR,               -- the player whose down cards the history shows
    has_warnings    BOOLEAN NOT NULL,
    source_file     VARCHAR NOT NULL,
    byte_offset     BIGINT NOT NULL,       -- where the hand starts in its file
    first_line      INTEGER NOT NULL,
    board           VARCHAR,               -- stud's shared card when the deck ran out
    PRIMARY KEY (site, hand_number)
);

CREATE TABLE IF NOT EXISTS hand_players (
    site             VARCHAR NOT NULL,
    hand_number      VARCHAR NOT NULL,
    seat             INTEGER NOT NULL,
    player           VARCHAR NOT NULL,
    is_hero          BOOLEAN NOT NULL,
    stack            DECIMAL(18, 4) NOT NULL,  -- at the start of the hand
    cards_down       VARCHAR,                  -- known down cards, 'Ah Kd'
    cards_up         VARCHAR,                  -- up cards in dealing order (stud)
    cards_shown      VARCHAR,                  -- as shown
    put_in           DECIMAL(18, 4) NOT NULL,  -- antes, blinds, bets; uncalled returned
    uncalled         DECIMAL(18, 4) NOT NULL,
    collected        DECIMAL(18, 4) NOT NULL,
    net              DECIMAL(18, 4) NOT NULL,  -- collected - put_in
    rake_share       DECIMAL(18, 4) NOT NULL,  -- the rake, shared by what each collected
    went_to_showdown BOOLEAN NOT NULL,
    won_at_showdown  BOOLEAN NOT NULL,
    won_high         BOOLEAN NOT NULL,
    won_low          BOOLEAN NOT NULL,
    fold_street      VARCHAR,                  -- street id, NULL if never folded
    all_in_street    VARCHAR,
    streets_seen     INTEGER NOT NULL,         -- betting rounds dealt into (1 = first only)
    vpip             BOOLEAN NOT NULL,         -- put money in voluntarily on the first round
    first_round_raise BOOLEAN NOT NULL,        -- bet, completed or raised on the first round
    cards_mucked     VARCHAR                   -- mucked at showdown, as the summary reveals
    -- One row per (site, hand_number, seat): the loader writes a hand's players only with
    -- the hand itself. No index enforces it: an index over millions of rows would live in
    -- memory for the whole import.
);

CREATE TABLE IF NOT EXISTS actions (
    site        VARCHAR NOT NULL,
    hand_number VARCHAR NOT NULL,
    seq         INTEGER NOT NULL,        -- order in the hand, from 0
    street      VARCHAR NOT NULL,        -- 'third', 'predraw', 'draw_1', ...; 'ante' for antes
    street_index INTEGER NOT NULL,       -- 0 for the first betting round
    player      VARCHAR NOT NULL,
    action      VARCHAR NOT NULL,        -- ante, small_blind, big_blind, bring_in, fold,
                                         -- check, call, bet, raise, complete
    amount      DECIMAL(18, 4),          -- chips added (a raise: the raise over the bet)
    raise_to    DECIMAL(18, 4),
    all_in      BOOLEAN NOT NULL,
    line        INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS draws (
    site          VARCHAR NOT NULL,
    hand_number   VARCHAR NOT NULL,
    seq           INTEGER NOT NULL,
    street        VARCHAR NOT NULL,      -- 'draw_1', 'draw_2', 'draw_3'
    draw_number   INTEGER NOT NULL,      -- 1, 2, 3
    player        VARCHAR NOT NULL,
    discard_count INTEGER NOT NULL,
    stood_pat     BOOLEAN NOT NULL,
    discarded     VARCHAR,
    drawn         VARCHAR,
    kept          VARCHAR
);

CREATE TABLE IF NOT EXISTS pots (
    site          VARCHAR NOT NULL,
    hand_number   VARCHAR NOT NULL,
    pot_index     INTEGER NOT NULL,      -- 0 main pot, 1.. side pots
    amount        DECIMAL(18, 4) NOT NULL,
    eligible      VARCHAR[] NOT NULL,
    high_winners  VARCHAR[] NOT NULL,    -- empty when the cards were not shown
    low_winners   VARCHAR[] NOT NULL
);

CREATE TABLE IF NOT EXISTS findings (
    site        VARCHAR NOT NULL,
    hand_number VARCHAR NOT NULL,
    code        VARCHAR NOT NULL,
    severity    VARCHAR NOT NULL,        -- 'warning' (hands with errors are rejected)
    message     VARCHAR NOT NULL,
    line        INTEGER,
    player      VARCHAR
);

CREATE TABLE IF NOT EXISTS tournament_finishes (
    -- "Hero finished the tournament in 3rd place and received $4.50.", "Bob wins the
    -- tournament and receives 1000 - congratulations!": as the hand that says it
    site          VARCHAR NOT NULL,
    hand_number   VARCHAR NOT NULL,
    tournament_id VARCHAR NOT NULL,
    player        VARCHAR NOT NULL,
    place         INTEGER,               -- NULL: a prize line naming no place
    prize         DECIMAL(18, 4)         -- NULL: none said (out before the money)
);

CREATE TABLE IF NOT EXISTS tournament_summaries (
    -- A tournament as its summary file tells it (parsers/formats/tournament_summaries.py); one
    -- row each: a summary replaces the one stored, unless it was written while the
    -- tournament ran and the stored one after it ended.
    site          VARCHAR NOT NULL,
    tournament_id VARCHAR NOT NULL,
    name          VARCHAR NOT NULL,       -- as printed: "8-Game", "... 5 Card Stud Limit"
    buy_in        DECIMAL(18, 4),
    fee           DECIMAL(18, 4),
    bounty        DECIMAL(18, 4),
    currency      VARCHAR,                -- NULL: chips (play money, freerolls, points)
    entrants      INTEGER,
    prize_pool    DECIMAL(18, 4),
    started_at    TIMESTAMPTZ,
    finished_at   TIMESTAMPTZ,            -- NULL: still running when written
    hero          VARCHAR,                -- whose summary it is
    finish        INTEGER,                -- his place; NULL while running
    prize         DECIMAL(18, 4),         -- what he received (0 out of the money)
    source_file   VARCHAR NOT NULL,
    PRIMARY KEY (site, tournament_id)
);

CREATE TABLE IF NOT EXISTS rejects (
    reject_id   VARCHAR PRIMARY KEY,     -- sha256 of the raw text: the same text once
    source_file VARCHAR NOT NULL,
    byte_offset BIGINT NOT NULL,
    first_line  INTEGER NOT NULL,
    site        VARCHAR,
    hand_number VARCHAR,
    kind        VARCHAR NOT NULL,        -- 'syntax', 'structure', 'truncated', 'not_a_hand',
                                         -- 'engine' (replayed with error findings)
    reason      VARCHAR NOT NULL,
    line        INTEGER,
    raw_text    VARCHAR NOT NULL,
    rejected_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS import_files (
    path           VARCHAR PRIMARY KEY,
    size           BIGINT NOT NULL,
    mtime          TIMESTAMPTZ NOT NULL,
    prefix_sha256  VARCHAR NOT NULL,     -- of the bytes up to offset_reached
    offset_reached BIGINT NOT NULL,      -- bytes read and stored; a grown file resumes here
    hands          INTEGER NOT NULL,     -- hands stored from this file so far
    finished       BOOLEAN NOT NULL,     -- this size and time were read to the end
    imported_at    TIMESTAMPTZ NOT NULL
);

-- The player's own choices for this file, one row each ('hero_names': a JSON list).
CREATE TABLE IF NOT EXISTS settings (
    name           VARCHAR PRIMARY KEY,
    value          VARCHAR NOT NULL
);

-- The player's notes on opponents, and his tags on hands: written from the dashboard,
-- never touched by an import (they survive re-imports, and outlive the hands they name).
CREATE TABLE IF NOT EXISTS player_notes (
    site           VARCHAR NOT NULL,
    player         VARCHAR NOT NULL,
    note           VARCHAR NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (site, player)
);

CREATE TABLE IF NOT EXISTS hand_tags (
    site           VARCHAR NOT NULL,
    hand_number    VARCHAR NOT NULL,
    tag            VARCHAR NOT NULL,     -- 'review', 'bad beat', or the player's own word
    tagged_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (site, hand_number, tag)
);

-- Columns added after the first release: a file written before them gets them here
-- (NULL for the hands already stored; re-importing those adds nothing, a hand is stored once).
ALTER TABLE hands ADD COLUMN IF NOT EXISTS board VARCHAR;
ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS cards_mucked VARCHAR;
-- All-in adjusted results (pipeline/engine/all_in.py; filled for older hands by
-- pipeline/importing/all_in_fill.py, which reads them again from their files).
ALTER TABLE hands ADD COLUMN IF NOT EXISTS ev_method VARCHAR;
    -- 'none': no all-in decided the hand with cards to come (every ev_net is the net);
    -- 'exact' / 'sampled': every runout counted / ev_runouts drawn; 'kept': decided all
    -- in, but the result stands (ev_note says why); NULL: stored before, not yet filled
ALTER TABLE hands ADD COLUMN IF NOT EXISTS ev_street VARCHAR;  -- the last betting round
ALTER TABLE hands ADD COLUMN IF NOT EXISTS ev_runouts INTEGER;
ALTER TABLE hands ADD COLUMN IF NOT EXISTS ev_standard_error DOUBLE;  -- of a sampled equity
ALTER TABLE hands ADD COLUMN IF NOT EXISTS ev_note VARCHAR;
-- A tournament's buy-in currency ('USD'; NULL for play money, freerolls, hands stored
-- before it): `currency` is NULL in a tournament, its chips are no money.
ALTER TABLE hands ADD COLUMN IF NOT EXISTS buy_in_currency VARCHAR;
ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS all_in_equity DOUBLE;  -- his expected part
    -- of all the money collected, at the all-in (NULL: not adjusted, or folded)
ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS ev_net DECIMAL(18, 4);  -- expected
    -- collection less put_in; the net itself when the hand was not adjusted

-- The version of these tables: a newer studdraw raises it, an older one refuses the file.
CREATE TABLE IF NOT EXISTS studdraw_schema (version INTEGER NOT NULL);
INSERT INTO studdraw_schema SELECT 1 WHERE NOT EXISTS (SELECT * FROM studdraw_schema);
