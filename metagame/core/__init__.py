"""The metagame's arithmetic, without Django: rates, intervals, grouping and tables."""
