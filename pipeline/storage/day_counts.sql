-- The stats' counts of every stored hand, by UTC day (stat_counts in stats.sql): what
-- player_stats, starting_hands and the leak list sum, instead of every player-hand of
-- player_hand_facts (on 1,000,000 hands, 80,000 rows against 5.7 million). studdraw
-- keeps them current: the loader recounts the days of each batch it stores, and a table
-- made by another version of stats.sql is made again (stats.py). By hand, after
-- stats.sql (start_day_counts: the players whose starting cards are known, by start):
CREATE OR REPLACE TABLE player_day_counts AS
SELECT * FROM stat_counts() ORDER BY site, day, player, game;

CREATE OR REPLACE TABLE start_day_counts AS
SELECT * FROM stat_counts(by_start := true) ORDER BY site, day, player, game;
