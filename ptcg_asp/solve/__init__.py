"""Stage 3, solve: a scenario compiled to facts, solved with the encodings under limits, the answer sets
decoded into a verdict (its reasons in words)."""
