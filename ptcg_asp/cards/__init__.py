"""Stage 2, cards: the effect vocabulary, the card library and pool, the importer and the English text
translator (`text/`). The card data itself is apart from this code, in ptcg_asp/data/."""
