"""The engine test kit (``enginekit``) lives here, for the tests of every game."""
