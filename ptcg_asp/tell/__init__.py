"""Stage 4, tell: verdicts compared with a scenario's expectations, reports as text and JSON, verdict
tables, the translator's gold check."""
