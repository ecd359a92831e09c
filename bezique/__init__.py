"""bezique: play, check and analyse the whole Bezique family of card games from one engine."""
