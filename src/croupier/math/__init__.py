"""The math lab: exact returns, optimal strategy and simulation per rule profile."""
