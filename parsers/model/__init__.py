"""The domain the readers share: events, games, money, what reading a hand can give."""
