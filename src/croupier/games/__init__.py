"""Rules engines, one package per game family, all speaking :mod:`croupier.games.base`."""
